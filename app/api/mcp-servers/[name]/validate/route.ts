import { validateServerOperation } from "@/lib/api/servers";
import { validateServer } from "@/lib/data/server-views";
import { cachedJson } from "@/lib/http/cached-json";
import { etagOver } from "@/lib/http/conditional-get";
import { route } from "@/lib/http/route";
import { bodyKey } from "@/lib/read-model/body-key";

/** POST /api/mcp-servers/:name/validate — always 200 for a known server, `valid: false` with errors; from the read model. */
export const POST = route(validateServerOperation, async ({ request, params, body, visibility }) =>
  cachedJson(request, {
    key: JSON.stringify(["validate", params.name, visibility.canReadSecrets, bodyKey(body)]),
    scopes: ["definitions"],
    make: async () => ({ body: await validateServer(params.name, body, visibility), etag: (text) => etagOver(["validate", text]) }),
  }));
