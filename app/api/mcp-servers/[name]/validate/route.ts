import { validateServerOperation } from "@/lib/api/servers";
import { validateServer } from "@/lib/data/server-views";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/validate — always 200 for a known server, `valid: false` with errors. */
export const POST = route(validateServerOperation, async ({ params, body, visibility }) =>
  json(await validateServer(params.name, body, visibility)));
