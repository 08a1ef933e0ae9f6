import type { ImportReport } from "../schemas/import";
import { getServer } from "../registry/servers";
import { recheckServer } from "./server-checks";

/** Servers probed at once after an import: a seed 001 registry is a handful of plugins. */
const CONCURRENCY = 4;

/**
 * Seed 001's `http` transport may be a plain HTTP API (its own McpTransport), not an MCP server. After an
 * mcp_registry.json import, each HTTP server it wrote is probed once (recorded as any re-check) and one whose
 * endpoint answers, but not as MCP (`not_mcp`), is listed in the report's `warnings` with why — instead of
 * being found out later as a health dot. A dry run probes nothing.
 */
export async function warnOfNonMcpEndpoints(report: ImportReport): Promise<ImportReport> {
  if (report.format !== "mcp-registry" || report.dry_run) return report;
  const written = [...report.created, ...report.updated].filter((entry) => entry.kind === undefined).map((entry) => entry.name);
  const warnings: { name: string; message: string }[] = [];
  for (let start = 0; start < written.length; start += CONCURRENCY) {
    await Promise.all(written.slice(start, start + CONCURRENCY).map(async (name) => {
      const { transport } = await getServer(name);
      if (transport.type === "stdio") return;
      const health = await recheckServer(name);
      if (health.status !== "not_mcp") return;
      warnings.push({
        name,
        message: `imported, but its endpoint is not an MCP server (the probe found: ${health.reason}); a plain HTTP plugin cannot be called through Patchbay: point endpoint at the plugin's MCP server (streamable HTTP or SSE), or run it with transport stdio`,
      });
    }));
  }
  return warnings.length > 0 ? { ...report, warnings: warnings.sort((a, b) => (a.name < b.name ? -1 : 1)) } : report;
}
