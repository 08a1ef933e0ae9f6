import { mcpTestOperation } from "@/lib/api/gateway";
import { invoke } from "@/lib/gateway/invoke";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/v1/mcp/test — seed 001's diagnostics path for POST /api/invoke. */
export const POST = route(mcpTestOperation, async ({ body, principal, request }) => {
  const answer = await invoke(body, principal, request.signal);
  return json(answer.body, { status: answer.status });
});
