import {
  deleteServerOperation,
  getServerOperation,
  patchServerOperation,
  replaceServerOperation,
} from "@/lib/api/servers";
import { secretCheckOf } from "@/lib/auth/keep-secrets";
import { getRawServer, getResolvedServer } from "@/lib/data/server-views";
import { deleteServer, patchServer, replaceServer } from "@/lib/data/servers";
import { cachedJson } from "@/lib/http/cached-json";
import { resolvedEtag, storedEtag } from "@/lib/http/read-etags";
import { json, noContent } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name — resolved for ?environment=, or as stored with ?raw=true; from the read model. */
export const GET = route(getServerOperation, async ({ request, params, query, visibility }) => {
  const key = JSON.stringify(["server", params.name, query.raw ? "raw" : query.environment ?? null, visibility.canReadSecrets]);
  return cachedJson(request, {
    key,
    scopes: ["definitions"],
    make: async () => {
      if (query.raw) {
        const server = await getRawServer(params.name, visibility);
        return { body: { mcp_server: server }, etag: () => storedEtag(server.revision, visibility) };
      }
      const { mcp_server, warnings, revision } = await getResolvedServer(params.name, query.environment, visibility);
      return { body: { mcp_server, warnings }, etag: (text) => resolvedEtag(revision, visibility, text) };
    },
  });
});

/** PUT /api/mcp-servers/:name — full replace; 412 on a stale If-Match; 409 when literal secrets would move (DESIGN §14). */
export const PUT = route(replaceServerOperation, async ({ params, query, body, ifMatch, actor, principal }) => {
  const server = await replaceServer(params.name, body, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) });
  return json({ mcp_server: server }, { revision: server.revision });
});

/** PATCH /api/mcp-servers/:name — JSON merge patch; 412 on a stale If-Match; 409 when literal secrets would move (DESIGN §14). */
export const PATCH = route(patchServerOperation, async ({ params, query, body, ifMatch, actor, principal }) => {
  const server = await patchServer(params.name, body, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) });
  return json({ mcp_server: server }, { revision: server.revision });
});

/** DELETE /api/mcp-servers/:name — 409 with used_by while referenced, unless ?force=true. */
export const DELETE = route(deleteServerOperation, async ({ params, query, ifMatch, actor }) => {
  await deleteServer(params.name, { ifMatch, actor, force: query.force });
  return noContent();
});
