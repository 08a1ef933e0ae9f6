import { getServer } from "../data/servers";
import { UnresolvableError } from "../errors";
import type { TestBody, ToolCallBody } from "../schemas/health";
import { callTool } from "./call-tool";
import { checkServer, resolveForProbe, type ProbeTarget } from "./check-server";
import { getProbeSettings } from "./probe-settings";
import type { HealthResult, ProbeResult } from "./types";

/** POST /api/mcp-servers/:name/health-check: probe now as the scheduler would, record, answer `R`. */
export async function recheckServer(name: string): Promise<HealthResult> {
  const { tools: _tools, ...result } = await checkServer(await loadTarget(name));
  return result;
}

/** POST /api/mcp-servers/:name/test: probe with the caller's environment and parameters, record, answer `R` + tools. */
export async function testServerConnection(name: string, body: TestBody): Promise<ProbeResult> {
  return checkServer(await loadTarget(name), body, { strict: true });
}

/** POST /api/mcp-servers/:name/tools/:tool/call: arguments are checked against the tool's schema before sending. */
export async function callServerTool(name: string, tool: string, body: ToolCallBody) {
  const target = await loadTarget(name);
  const resolved = resolveForProbe(target.server, body);
  if ("errors" in resolved) {
    throw new UnresolvableError(`MCP server '${name}' cannot be resolved with these parameters.`, resolved.errors);
  }
  const { timeoutMs, policy, stdioAllow } = getProbeSettings();
  return callTool(resolved.config, tool, body.arguments, { timeoutMs, policy, stdioAllow });
}

async function loadTarget(name: string): Promise<ProbeTarget> {
  const { id, created_at: _c, modified_at: _m, revision: _r, ...server } = await getServer(name);
  return { id, server };
}
