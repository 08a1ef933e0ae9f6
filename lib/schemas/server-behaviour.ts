import { z } from "zod";

import { isJsonPath } from "./capability-tools";
import { LinearRegExp } from "./linear-regexp";

const milliseconds = (max: number) => z.int().min(0).max(max);

/** What one call's attempts may take: the server's, or one tool's own (`resilience.tools.{name}`). */
const attemptFields = {
  timeout_ms: milliseconds(600_000).min(1).optional().describe("default MCP_DEFAULT_TIMEOUT_MS (30000)"),
  retries: z.int().min(0).max(10).optional().describe("default 2; only transport failures are retried"),
  backoff: z.strictObject({ min_ms: milliseconds(60_000), max_ms: milliseconds(60_000) })
    .refine((backoff) => backoff.min_ms <= backoff.max_ms, { message: "min_ms must not exceed max_ms", path: ["min_ms"] })
    .optional().describe("default {min_ms: 200, max_ms: 2000}: exponential with jitter between them"),
};

/** `resilience.tools.{name}`: one upstream tool's own timeout, retries and backoff. */
export const toolResilienceSchema = z.strictObject(attemptFields);

/** `resilience` (DESIGN §1, §12; seed 001's defaults): every field optional, the gateway fills in the rest. */
export const resilienceSchema = z.strictObject({
  ...attemptFields,
  tools: z.record(z.string().min(1).max(200), toolResilienceSchema).optional()
    .describe("upstream tool name → its own timeout_ms, retries and backoff, each over the server's (seed 001's per-action timeout_ms and retry); the circuit stays the server's"),
  circuit_breaker: z.strictObject({
    failure_threshold: z.int().min(1).max(1_000).optional().describe("default 5 consecutive failures"),
    reset_after_ms: milliseconds(3_600_000).min(1).optional().describe("default 30000: then one trial call goes through"),
  }).optional(),
});
export type Resilience = z.infer<typeof resilienceSchema>;

/** `redaction` (DESIGN §1, §12): what is replaced by `[redacted]` in results and in anything logged. */
export const redactionSchema = z.strictObject({
  patterns: z.array(z.string().min(1).max(1_000).superRefine(refuseNonLinearPattern)).max(100).optional()
    .describe("regular expressions (RE2: no lookaround, no backreferences); every match is replaced"),
  json_paths: z.array(z.string().min(1).max(1_000).superRefine(refuseInvalidJsonPath)).max(100).optional()
    .describe("RFC 9535 JSONPath over structuredContent (or the JSON of a single text block); every value selected is replaced"),
});
export type Redaction = z.infer<typeof redactionSchema>;

const enabledRule = z.strictObject({ enabled: z.boolean().describe("false hides it from the gateway's clients") });

/**
 * `prompt_policy` (DESIGN §16): prompts are pinned and drift-checked like tools (`tool_policy`'s `pin` and
 * `on_drift`), and each prompt name or glob (`*`, `?`) may be disabled. An exact name beats the longest glob.
 */
export const promptPolicySchema = z.strictObject({
  pin: z.enum(["trust_on_first_use", "manual"]).optional().describe("default trust_on_first_use"),
  on_drift: z.enum(["log", "require_approval", "block"]).optional().describe("default log"),
  prompts: z.record(z.string().min(1).max(200), enabledRule).optional().describe("prompt name or glob (`*`, `?`) → {enabled}"),
});
export type PromptPolicy = z.infer<typeof promptPolicySchema>;

/** `resource_policy` (DESIGN §16): each resource URI (or URI template) or glob may be disabled; exact beats the longest glob. */
export const resourcePolicySchema = z.strictObject({
  resources: z.record(z.string().min(1).max(2_000), enabledRule).optional().describe("resource URI or glob (`*`, `?`) → {enabled}"),
});
export type ResourcePolicy = z.infer<typeof resourcePolicySchema>;

function refuseNonLinearPattern(source: string, ctx: z.RefinementCtx): void {
  try {
    new LinearRegExp(source).release();
  } catch (error) {
    ctx.addIssue({ code: "custom", message: `is not a usable pattern: ${(error as Error).message}` });
  }
}

function refuseInvalidJsonPath(path: string, ctx: z.RefinementCtx): void {
  if (!isJsonPath(path)) ctx.addIssue({ code: "custom", message: "is not an RFC 9535 JSONPath" });
}
