import { recordCall, type CallRecord } from "../audit/calls";
import { metrics } from "../metrics/registry";

/**
 * Every tool call ends here, whoever made it (DESIGN §12): its row in the call log (written behind the answer:
 * lib/audit/calls.ts) and the call counted in `/metrics`.
 */
export async function logCall(call: CallRecord): Promise<void> {
  await recordCall(call);
  metrics.toolCalls.inc({ server: call.server ?? "", tool: call.tool, outcome: call.outcome });
  if (call.server) metrics.toolCallDuration.observe({ server: call.server, tool: call.tool }, call.latency_ms / 1000);
}
