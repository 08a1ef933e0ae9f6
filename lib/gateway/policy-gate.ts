import { gateToolCall } from "../audit/approvals";
import { callerUserOf, withCallerUser } from "../auth/caller-user";
import { principalKey, type Principal } from "../auth/principal";
import { maskDestination } from "../resolve/masked-destination";
import type { ResolvedConfig } from "../resolve/types";
import { validateAgainstSchema } from "../schemas/json-schema";
import type { ToolPolicy } from "../schemas/server-fields";
import { keyedDigest } from "../secrets/keyed-digest";
import { jcsOf, jcsSha256 } from "../tools/fingerprint";
import { decideToolCall, findPolicyEntry } from "../tools/policy-decision";
import { discoveredAnnotations, readsAnnotations } from "../tools/tool-annotations";

export type GatedCall = {
  server: string;
  environment: string;
  /** The name the upstream server knows: a virtual tool cannot route around its base tool's policy. */
  upstreamTool: string;
  /** The final arguments, hidden defaults included. */
  arguments: Record<string, unknown>;
  /** The caller's own context; its `user` is always replaced by Patchbay's (lib/auth/caller-user.ts). */
  context: Record<string, unknown>;
  caller: Principal;
  /** Where the call goes: the resolved upstream config in clear, and the values in it that came from secrets. */
  destination: { config: ResolvedConfig; sensitiveValues: readonly string[] };
};

export type Refusal =
  | { outcome: "denied"; text: string }
  | { outcome: "awaiting_approval"; text: string; approval: { id: string; state: string } };

/**
 * The policy and approval steps of the call pipeline (DESIGN §11, §12), one copy for every caller: `enabled` and
 * `allowed_when` refuse naming the rule; a call needing approval waits for one bound to (caller, server, environment,
 * upstream tool, hash of the final arguments, destinationBinding of the resolved upstream config — DESIGN §14), which
 * one run consumes. The schemas see `{arguments, context}`, and `annotations` (the tool's as discovered in that
 * environment) when the governing entry's `approval_when` reads them. The context's `user` is who calls, as Patchbay
 * knows them (DESIGN §18), whatever the caller sent under that key. Null: the call may go on.
 */
export async function gatePolicyAndApproval(policy: ToolPolicy | undefined, call: GatedCall): Promise<Refusal | null> {
  const entry = findPolicyEntry(policy, call.upstreamTool)?.entry;
  const annotations = readsAnnotations(entry?.approval_when) ? await discoveredAnnotations(call.server, call.environment, call.upstreamTool) : undefined;
  const context = entry ? withCallerUser(call.context, await callerUserOf(call.caller)) : call.context;
  const decision = decideToolCall(policy, call.upstreamTool, { arguments: call.arguments, context, ...(annotations && { annotations }) }, matchesSchema);
  if (decision.outcome === "run") return null;
  if (decision.outcome === "refused") return { outcome: "denied", text: `Refused by policy: ${decision.reason}.` };

  const gate = await gateToolCall({
    requestedBy: { name: call.caller.name, key: principalKey(call.caller) }, server: call.server, environment: call.environment, tool: call.upstreamTool,
    arguments: call.arguments, argumentsHash: jcsSha256(call.arguments), context,
    destinationHash: destinationBinding(call.destination.config), destination: maskDestination(call.destination.config, call.destination.sensitiveValues),
    conditions: entry?.notes,
  });
  if (gate.run) return null;
  const { id, state } = gate.approval;
  return {
    outcome: "awaiting_approval", approval: { id, state },
    text: `Approval required by tool_policy.tools['${decision.rule}']: approval ${id} is ${state}. Once someone else approves it, the same call runs once.`,
  };
}

/**
 * What binds an approval to where the call goes (DESIGN §14): a keyed digest (lib/secrets/keyed-digest.ts) of the
 * JCS of the resolved upstream config in clear. Not its plain SHA-256: the config holds secrets that approvers see
 * masked, and a plain hash beside the masked config would let anyone who reads either confirm a guess of them
 * offline (DESIGN §10). It stays in the database; no response carries it.
 */
export function destinationBinding(config: ResolvedConfig): string {
  return keyedDigest("approval destination", jcsOf(config));
}

function matchesSchema(schema: Record<string, unknown>, value: unknown): boolean {
  return validateAgainstSchema(schema, value).length === 0;
}
