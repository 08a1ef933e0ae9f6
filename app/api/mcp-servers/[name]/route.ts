import {
  deleteServerOperation,
  getServerOperation,
  patchServerOperation,
  replaceServerOperation,
} from "@/lib/api/servers";
import { getRawServer, getResolvedServer } from "@/lib/data/server-views";
import { deleteServer, patchServer, replaceServer } from "@/lib/data/servers";
import { json, noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name — resolved for ?environment=, or as stored with ?raw=true. */
export const GET = route(getServerOperation, async ({ params, query, visibility }) => {
  if (query.raw) {
    const server = await getRawServer(params.name, visibility);
    return json({ mcp_server: server }, { revision: server.revision });
  }
  const { mcp_server, warnings, revision } = await getResolvedServer(params.name, query.environment, visibility);
  return json({ mcp_server, warnings }, { revision });
});

/** PUT /api/mcp-servers/:name — full replace; 412 on a stale If-Match. */
export const PUT = route(replaceServerOperation, async ({ params, body, ifMatch, actor }) => {
  const server = await replaceServer(params.name, body, { ifMatch, actor });
  return json({ mcp_server: server }, { revision: server.revision });
});

/** PATCH /api/mcp-servers/:name — JSON merge patch; 412 on a stale If-Match. */
export const PATCH = route(patchServerOperation, async ({ params, body, ifMatch, actor }) => {
  const server = await patchServer(params.name, body, { ifMatch, actor });
  return json({ mcp_server: server }, { revision: server.revision });
});

/** DELETE /api/mcp-servers/:name — 409 with used_by while referenced, unless ?force=true. */
export const DELETE = route(deleteServerOperation, async ({ params, query, ifMatch, actor }) => {
  await deleteServer(params.name, { ifMatch, actor, force: query.force });
  return noContent();
});
