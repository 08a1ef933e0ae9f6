import { addUpstreamServerOperation } from "@/lib/api/upstream";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { addUpstreamServer } from "@/lib/upstream/upstream-servers";

/** POST /api/upstream/servers/:name/add — 201 with the new server; 409 when its name is taken, 502 when upstream fails. */
export const POST = route(addUpstreamServerOperation, async ({ params, actor }) => {
  const server = await addUpstreamServer(params.name, { actor });
  return json({ mcp_server: server }, {
    status: 201,
    revision: server.revision,
    headers: { Location: `/api/mcp-servers/${encodeURIComponent(server.name)}` },
  });
});
