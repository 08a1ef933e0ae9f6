import { createServerOperation, listServersOperation } from "@/lib/api/servers";
import { listServers } from "@/lib/data/server-list";
import { createServer } from "@/lib/data/servers";
import { cachedJson } from "@/lib/http/cached-json";
import { listEtag } from "@/lib/http/read-etags";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers — summaries, filtered and paged; from the read model (they show health too). */
export const GET = route(listServersOperation, async ({ request, query }) =>
  cachedJson(request, {
    key: JSON.stringify(["servers", query]),
    scopes: ["definitions", "health"],
    make: async () => ({ body: await listServers(query), etag: listEtag }),
  }));

/** POST /api/mcp-servers — create; 409 when the name is taken. */
export const POST = route(createServerOperation, async ({ body, actor }) => {
  const server = await createServer(body, { actor });
  return json({ mcp_server: server }, {
    status: 201,
    revision: server.revision,
    headers: { Location: `/api/mcp-servers/${encodeURIComponent(server.name)}` },
  });
});
