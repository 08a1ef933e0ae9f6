import { getServer } from "../data/servers";
import { UnresolvableError } from "../errors";
import type { TestBody, ToolCallBody } from "../schemas/health";
import { scrubSecrets } from "../resolve/scrub";
import { callTool, ToolCallFailedError } from "./call-tool";
import { checkServer, resolveForProbe, type ProbeTarget } from "./check-server";
import { getProbeSettings } from "./probe-settings";
import type { HealthResult, ProbeResult } from "./types";

/** POST /api/mcp-servers/:name/health-check: probe now as the scheduler would, record, answer `R`. */
export async function recheckServer(name: string, environment?: string): Promise<HealthResult> {
  const { tools: _tools, ...result } = await checkServer(await loadTarget(name), { environment });
  return result;
}

/** POST /api/mcp-servers/:name/test: probe with the caller's environment and parameters, record, answer `R` + tools. */
export async function testServerConnection(name: string, body: TestBody): Promise<ProbeResult> {
  return checkServer(await loadTarget(name), body, { strict: true });
}

/** POST /api/mcp-servers/:name/tools/:tool/call: arguments are checked against the tool's schema before sending. */
export async function callServerTool(name: string, tool: string, body: ToolCallBody) {
  const target = await loadTarget(name);
  const resolved = await resolveForProbe(target.server, body);
  if ("errors" in resolved) {
    throw new UnresolvableError(`MCP server '${name}' cannot be resolved with these parameters.`, resolved.errors);
  }
  const { timeoutMs, policy, stdioAllow } = getProbeSettings();
  try {
    return scrubSecrets(await callTool(resolved.config, tool, body.arguments, { timeoutMs, policy, stdioAllow }), resolved.secrets);
  } catch (error) {
    throw error instanceof ToolCallFailedError ? new ToolCallFailedError(scrubSecrets(error.failure, resolved.secrets)) : error;
  }
}

async function loadTarget(name: string): Promise<ProbeTarget> {
  const { id, created_at: _c, modified_at: _m, revision: _r, ...server } = await getServer(name);
  return { id, server };
}
