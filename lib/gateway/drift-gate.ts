import { getServer } from "../registry/servers";
import { getServerTools } from "../tools/tool-views";

/**
 * DESIGN §11 `on_drift` of a server in an environment, as a test of upstream tool names: under `block` every tool
 * of a drifted server is withheld until re-pinned — and, with `tool_policy.pin: manual`, until someone pins one at
 * all — under `require_approval` the added and changed ones are.
 */
export async function driftGateOf(server: string, environment: string): Promise<(tool: string) => string | null> {
  const definition = await getServer(server).catch(() => null);
  const onDrift = definition?.tool_policy?.on_drift ?? "log";
  if (onDrift === "log") return () => null;
  const { drift, pinned_fingerprint } = await getServerTools(server, environment);
  if (onDrift === "block" && definition?.tool_policy?.pin === "manual" && pinned_fingerprint === null) {
    return () => `MCP server '${server}' has no pinned toolset in '${environment}' while tool_policy.pin is manual and tool_policy.on_drift is block: its tools are withheld until someone pins one`;
  }
  if (!drift) return () => null;
  if (onDrift === "block") {
    return () => `MCP server '${server}' drifted from its pinned toolset in '${environment}' and tool_policy.on_drift is block: its tools are withheld until the toolset is re-pinned`;
  }
  const drifted = new Set([...drift.added, ...drift.changed.map((change) => change.name)]);
  return (tool) => (drifted.has(tool)
    ? `tool '${tool}' of MCP server '${server}' was added or changed since the pinned toolset and tool_policy.on_drift is require_approval: it is withheld until an approval re-pins the toolset`
    : null);
}
