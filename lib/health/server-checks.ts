import { assertKnownEnvironment } from "../registry/known-environments";
import { getServer } from "../registry/servers";
import { driftGateOf } from "../gateway/drift-gate";
import { gatePolicyAndApproval, type GatedCall } from "../gateway/policy-gate";
import { logCall } from "../gateway/log-call";
import { createRedactor } from "../gateway/redact";
import type { CallOutcome } from "../gateway/types";
import { UnresolvableError } from "../errors";
import { connectionPerson } from "../oauth/oauth-store";
import type { TestBody, ToolCallBody } from "../schemas/health";
import { activeTraceId, newTraceId } from "../telemetry/spans";
import { jcsSha256 } from "../tools/fingerprint";
import { callTool, ToolCallFailedError } from "./call-tool";
import { checkServer, resolveForProbe, type ProbeCaller, type ProbeTarget } from "./check-server";
import { discoverUnseenToolsets } from "./first-discovery";
import { getProbeSettings } from "./probe-settings";
import type { HealthResult, ProbeResult } from "./types";

/**
 * POST /api/mcp-servers/:name/health-check: probe now as the scheduler would — in `connection`'s environment and
 * with its parameters where it names them — record, answer `R`.
 */
export async function recheckServer(name: string, connection: TestBody = {}, caller?: ProbeCaller): Promise<HealthResult> {
  const { tools: _tools, instructions: _instructions, prompts: _prompts, ...result } = await checkServer(await loadTarget(name), connection, { caller });
  return result;
}

/**
 * POST /api/mcp-servers/:name/test: probe with the caller's environment and parameters, record, answer `R` + tools.
 * `caller`: whose own connection a `per_user` server is tested with (DESIGN §17), and whether they may read its
 * secrets (parameters that would send them elsewhere are refused otherwise, DESIGN §14).
 */
export async function testServerConnection(name: string, body: TestBody, caller: ProbeCaller): Promise<ProbeResult> {
  // The instructions went into the toolset fingerprint; they are not part of R.
  const { instructions: _instructions, prompts: _prompts, tools, ...result } = await checkServer(await loadTarget(name), body, { strict: true, caller });
  // DESIGN §5's shape; the catalog (GET …/tools) has each tool's full definition.
  return { ...result, tools: tools.map(({ name: tool, description, input_schema }) => ({ name: tool, description, input_schema })) };
}

/**
 * POST /api/mcp-servers/:name/tools/:tool/call, on the call pipeline's own steps (DESIGN §12): the server's
 * `tool_policy` and approvals (lib/gateway/policy-gate.ts) — a refused call or one awaiting approval is a tool error
 * naming why (and the approval's id and state) — then the drift gate (on a toolset discovered first where none was),
 * then the arguments are checked against the
 * tool's schema before sending (422 with /arguments paths), and the answer is redacted like the pipeline's. Every
 * call of a tool the server has is logged like the pipeline's, with neither agent nor capability.
 */
export async function callServerTool(name: string, tool: string, body: ToolCallBody, caller: GatedCall["caller"], readsSecrets: boolean) {
  await assertKnownEnvironment(body.environment);
  const target = await loadTarget(name);
  // A per_user server: the caller's own connection (DESIGN §17).
  const resolved = await resolveForProbe(target.server, body, { person: connectionPerson(caller), readsSecrets });
  if ("errors" in resolved) {
    throw new UnresolvableError(`MCP server '${name}' cannot be resolved with these parameters.`, resolved.errors);
  }
  const startedAt = performance.now();
  const log = (outcome: CallOutcome, attempts: number) => logCall({
    at: new Date(), agent: null, capability: null, tool, server: name, environment: resolved.environment, caller: caller.name,
    latency_ms: Math.round(performance.now() - startedAt), attempts, outcome, arguments_hash: jcsSha256(body.arguments ?? {}),
    trace_id: activeTraceId() ?? newTraceId(),
  });

  const refusal = await applyToolPolicy(target.server, tool, body, { caller, environment: resolved.environment, destination: { config: resolved.config, sensitiveValues: resolved.secrets } });
  if (refusal) {
    await log("approval" in refusal ? "awaiting_approval" : "denied", 0);
    return refusal;
  }
  await discoverUnseenToolsets([name], resolved.environment);
  const withheld = (await driftGateOf(name, resolved.environment))(tool);
  if (withheld) {
    await log("denied", 0);
    return toolError(`Withheld by the drift gate: ${withheld}.`);
  }

  const { timeoutMs, policy, stdioAllow } = getProbeSettings();
  // The same redaction as the call pipeline's: `redaction` patterns and json_paths, then the resolved secrets.
  const redact = createRedactor(target.server.redaction, resolved.secrets);
  try {
    const result = redact(await callTool(resolved.config, tool, body.arguments, { timeoutMs, policy, stdioAllow, secrets: resolved.secrets }));
    await log(result.is_error ? "tool_error" : "ok", 1);
    return result;
  } catch (error) {
    if (error instanceof UnresolvableError) await log("denied", 0); // the arguments did not match: nothing was sent
    if (error instanceof ToolCallFailedError) {
      await log("upstream_error", error.status === 502 ? 1 : 0);
      throw new ToolCallFailedError(redact(error.failure));
    }
    throw error;
  } finally {
    redact.release();
  }
}

type Gate = Pick<GatedCall, "caller" | "environment" | "destination">;

async function applyToolPolicy(server: ProbeTarget["server"], tool: string, body: ToolCallBody, call: Gate) {
  const refusal = await gatePolicyAndApproval(server.tool_policy, {
    server: server.name, environment: call.environment, upstreamTool: tool, arguments: body.arguments, context: body.context ?? {}, caller: call.caller,
    destination: call.destination,
  });
  if (!refusal) return null;
  return { ...toolError(refusal.text), ...(refusal.outcome === "awaiting_approval" ? { approval: refusal.approval } : {}) };
}

function toolError(text: string) {
  return { is_error: true, content: [{ type: "text" as const, text }], latency_ms: 0 };
}

async function loadTarget(name: string): Promise<ProbeTarget> {
  const { id, created_at: _c, modified_at: _m, revision: _r, ...server } = await getServer(name);
  return { id, server };
}
