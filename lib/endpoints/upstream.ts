import { addUpstreamServerOperation, listUpstreamServersOperation } from "../api/upstream";
import { json } from "../http/responses";
import { toVisibleServer } from "../registry/server-views";
import { route } from "../http/route";
import { addUpstreamServer, listUpstreamServers } from "../upstream/upstream-servers";

/** POST /api/upstream/servers/:name/add — 201 with the new server; 409 when its name is taken, 502 when upstream fails. */
export const addUpstreamServerHandler = route(addUpstreamServerOperation, async ({ params, actor, visibility }) => {
  const server = await addUpstreamServer(params.name, { actor });
  return json({ mcp_server: toVisibleServer(server, visibility) }, {
    status: 201,
    revision: server.revision,
    headers: { Location: `/api/mcp-servers/${encodeURIComponent(server.name)}` },
  });
});

/** GET /api/upstream/servers — a page of the upstream registry, each server as it would import. */
export const listUpstreamServersHandler = route(listUpstreamServersOperation, async ({ query }) => json(await listUpstreamServers(query)));
