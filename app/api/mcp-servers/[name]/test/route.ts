import { testServerOperation } from "@/lib/api/health";
import { testServerConnection } from "@/lib/health/server-checks";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/mcp-servers/:name/test — live handshake with the given environment and parameters; 422 if unresolvable. */
export const POST = route(testServerOperation, async ({ params, query, body }) =>
  json(await testServerConnection(params.name, { ...body, environment: body.environment ?? query.environment })));
