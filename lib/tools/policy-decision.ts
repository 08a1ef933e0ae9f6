import { isToolGlob, toolGlob } from "../resolve/tool-glob";
import type { ToolPolicy } from "../schemas/server-fields";

export type ToolPolicyEntry = NonNullable<ToolPolicy["tools"]>[string];

/** What `matches(schema, value)` says: whether a JSON Schema accepts a value (the safe engine of DESIGN §7 in the app). */
export type SchemaMatcher = (schema: Record<string, unknown>, value: unknown) => boolean;

export type PolicyDecision =
  | { outcome: "run"; rule: string | null }
  | { outcome: "needs_approval"; rule: string }
  | { outcome: "refused"; rule: string; reason: string };

/**
 * Which entry of `tool_policy.tools` governs `tool` (DESIGN §11): its exact name, else the longest glob that matches
 * it in the one tool-name dialect (`*` any run, `/` included; `?` one; DESIGN §14; ties go to the first written). Null
 * when none does.
 */
export function findPolicyEntry(policy: ToolPolicy | undefined, tool: string): { rule: string; entry: ToolPolicyEntry } | null {
  return findGlobRule(policy?.tools, tool);
}

/**
 * The entry of `rules` (name or glob → entry) that governs `key`, by the rule `tool_policy.tools` set (above) and
 * `prompt_policy` / `resource_policy` share (DESIGN §16): the exact key, else the longest matching glob.
 */
export function findGlobRule<E>(rules: Record<string, E> | undefined, key: string): { rule: string; entry: E } | null {
  if (!rules) return null;
  if (Object.hasOwn(rules, key)) return { rule: key, entry: rules[key] };
  let best: { rule: string; entry: E } | null = null;
  for (const [rule, entry] of Object.entries(rules)) {
    if (!isToolGlob(rule) || !toolGlob(rule).test(key)) continue;
    if (!best || rule.length > best.rule.length) best = { rule, entry };
  }
  return best;
}

/**
 * Whether a call of `tool` with `{arguments, context}` may run now, needs an approval, or is refused: `enabled` defaults
 * to true; `allowed_when` must accept the call; `approval` defaults to `none`, and `conditional` asks for one when
 * `approval_when` accepts the call — or always, without `approval_when`.
 */
export function decideToolCall(policy: ToolPolicy | undefined, tool: string, call: { arguments: unknown; context: unknown; annotations?: unknown }, matches: SchemaMatcher): PolicyDecision {
  const found = findPolicyEntry(policy, tool);
  if (!found) return { outcome: "run", rule: null };
  const { rule, entry } = found;
  if (entry.enabled === false) return { outcome: "refused", rule, reason: `tool '${tool}' is disabled by tool_policy.tools['${rule}']` };
  if (entry.allowed_when && !matches(entry.allowed_when, call)) {
    return { outcome: "refused", rule, reason: `the call does not meet tool_policy.tools['${rule}'].allowed_when` };
  }
  const approval = entry.approval ?? "none";
  if (approval === "always") return { outcome: "needs_approval", rule };
  if (approval === "conditional" && (!entry.approval_when || matches(entry.approval_when, call))) return { outcome: "needs_approval", rule };
  return { outcome: "run", rule };
}
