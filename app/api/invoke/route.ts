import { invokeOperation } from "@/lib/api/gateway";
import { invoke } from "@/lib/gateway/invoke";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/invoke — seed 001's invocation through the call pipeline; the unified response, or 202 awaiting approval. */
export const POST = route(invokeOperation, async ({ body, principal, request }) => {
  const answer = await invoke(body, principal, request.signal);
  return json(answer.body, { status: answer.status });
});
