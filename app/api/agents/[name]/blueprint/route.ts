import { blueprintOperation } from "@/lib/api/agents";
import { resolveAgent } from "@/lib/data/blueprints";
import { cachedJson } from "@/lib/http/cached-json";
import { resolvedEtag } from "@/lib/http/read-etags";
import { route } from "@/lib/http/route";
import { bodyKey } from "@/lib/read-model/body-key";
import { toClientFile } from "@/lib/resolve/client-file";

/** POST /api/agents/:name/blueprint — the blueprint with run-time parameters and context, or a client's config file; from the read model. */
export const POST = route(blueprintOperation, async ({ request, params, query, body, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["blueprint", params.name, query.format ?? null, visibility.canReadSecrets, bodyKey(body)]),
    scopes: ["definitions"],
    make: async () => {
      const { body: blueprint, revision, boundByHealth } = await resolveAgent(params.name, body, visibility);
      const answer = query.format ? toClientFile(query.format, blueprint.agent.mcp_servers) : blueprint;
      return { body: answer, etag: (text) => resolvedEtag(revision, visibility, text), alsoStaleOn: boundByHealth ? ["health"] : [] };
    },
  }));
