import { createServerOperation, deleteServerOperation, getServerOperation, getServerRevisionOperation, listServerRevisionsOperation, listServersOperation, patchServerOperation, replaceServerOperation, restoreServerRevisionOperation, serverNameAvailabilityOperation, serverUsedByOperation, validateServerOperation } from "../api/servers";
import { secretCheckOf } from "../auth/keep-secrets";
import { visibilityKey } from "../auth/visibility";
import { listServers } from "../registry/server-list";
import { serverNameAvailability } from "../registry/server-name-availability";
import { getRawServer, getResolvedServer, getServerRevisionView, toVisibleServer, validateServer } from "../registry/server-views";
import { createServer, deleteServer, listServerRevisions, patchServer, replaceServer, restoreServerRevision } from "../registry/servers";
import { serverWriteWarnings } from "../registry/server-write-warnings";
import { getServerUsedBy } from "../registry/used-by";
import { cachedJson, cachedRead } from "../http/cached-json";
import { etagOver } from "../http/conditional-get";
import { listEtag, resolvedEtag, storedEtag } from "../http/read-etags";
import { json, noContent } from "../http/responses";
import { route } from "../http/route";
import { bodyKey } from "../read-model/body-key";

/** GET /api/mcp-servers/:name/availability — the create form's name check, answered 200 whatever the name. */
export const serverNameAvailabilityHandler = route(serverNameAvailabilityOperation, async ({ params }) => json(await serverNameAvailability(params.name)));

/** POST /api/mcp-servers/:name/revisions/:n/restore — a new revision equal to n; re-checks that literal secrets stay where they were (DESIGN §14). */
export const restoreServerRevisionHandler = route(restoreServerRevisionOperation, async ({ params, query, ifMatch, actor, principal, visibility }) => {
  const server = await restoreServerRevision(params.name, params.n, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) });
  return json({ mcp_server: toVisibleServer(server, visibility), warnings: await serverWriteWarnings(server) }, { revision: server.revision });
});

/** GET /api/mcp-servers/:name/revisions/:n — one revision with its snapshot. */
export const getServerRevisionHandler = route(getServerRevisionOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "revisions", params.n], visibility, async () => ({ revision: await getServerRevisionView(params.name, params.n, visibility) })));

/** GET /api/mcp-servers/:name/revisions — newest first. */
export const listServerRevisionsHandler = route(listServerRevisionsOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "revisions"], visibility, async () => ({ revisions: await listServerRevisions(params.name) })));

/** GET /api/mcp-servers/:name — resolved for ?environment=, or as stored with ?raw=true; from the read model. */
export const getServerHandler = route(getServerOperation, async ({ request, params, query, visibility }) => {
  const key = JSON.stringify(["server", params.name, query.raw ? "raw" : query.environment ?? null, visibilityKey(visibility)]);
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
export const replaceServerHandler = route(replaceServerOperation, async ({ params, query, body, ifMatch, actor, principal, visibility }) => {
  const server = await replaceServer(params.name, body, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) });
  return json({ mcp_server: toVisibleServer(server, visibility), warnings: await serverWriteWarnings(server) }, { revision: server.revision });
});

/** PATCH /api/mcp-servers/:name — JSON merge patch; 412 on a stale If-Match; 409 when literal secrets would move (DESIGN §14). */
export const patchServerHandler = route(patchServerOperation, async ({ params, query, body, ifMatch, actor, principal, visibility }) => {
  const server = await patchServer(params.name, body, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) });
  return json({ mcp_server: toVisibleServer(server, visibility), warnings: await serverWriteWarnings(server) }, { revision: server.revision });
});

/** DELETE /api/mcp-servers/:name — 409 with used_by while referenced, unless ?force=true. */
export const deleteServerHandler = route(deleteServerOperation, async ({ params, query, ifMatch, actor }) => {
  await deleteServer(params.name, { ifMatch, actor, force: query.force });
  return noContent();
});

/** GET /api/mcp-servers/:name/used-by — capabilities with their alias, agents directly or `via` a capability. */
export const serverUsedByHandler = route(serverUsedByOperation, async ({ request, params, visibility }) =>
  cachedRead(request, ["mcp-servers", params.name, "used-by"], visibility, () => getServerUsedBy(params.name)));

/** POST /api/mcp-servers/:name/validate — always 200 for a known server, `valid: false` with errors; from the read model. */
export const validateServerHandler = route(validateServerOperation, async ({ request, params, body, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["validate", params.name, visibilityKey(visibility), bodyKey(body)]),
    scopes: ["definitions"],
    make: async () => ({ body: await validateServer(params.name, body, visibility), etag: (text) => etagOver(["validate", text]) }),
  }));

/** GET /api/mcp-servers — summaries, filtered and paged; from the read model (they show health too). */
export const listServersHandler = route(listServersOperation, async ({ request, query }) =>
  cachedJson(request, {
    key: JSON.stringify(["servers", query]),
    scopes: ["definitions", "health"],
    make: async () => ({ body: await listServers(query), etag: listEtag }),
  }));

/** POST /api/mcp-servers — create; 409 when the name is taken. */
export const createServerHandler = route(createServerOperation, async ({ body, actor, visibility }) => {
  const server = await createServer(body, { actor });
  return json({ mcp_server: toVisibleServer(server, visibility), warnings: await serverWriteWarnings(server) }, {
    status: 201,
    revision: server.revision,
    headers: { Location: `/api/mcp-servers/${encodeURIComponent(server.name)}` },
  });
});
