import { getServerApiReferenceOperation } from "../api/api-reference";
import { readApiReference } from "../api-reference/read-api-reference";
import { json } from "../http/responses";
import { route } from "../http/route";

/** GET /api/mcp-servers/:name/api-reference — the server's OpenAPI document, summarised (DESIGN §19, seed 003). */
export const getServerApiReferenceHandler = route(getServerApiReferenceOperation, async ({ params }) => json(await readApiReference(params.name)));
