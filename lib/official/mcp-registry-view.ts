import type { Visibility } from "../auth/visibility";
import { getConfig } from "../env";
import { resilienceSettings, settingsForTool } from "../gateway/resilience";
import { getDb } from "../db";
import type { McpRegistryView } from "../schemas/seed-diagnostics";
import { getRawServer } from "../registry/server-views";
import { listServerTools } from "../tools/tool-views";

/**
 * GET /api/v1/mcp/registry (seed 001's diagnostics): every server as a plugin whose actions are its catalog's tools
 * (`server.tool`) in the registry's environment, each with the timeout and retry policy the call pipeline applies
 * (its own `resilience.tools.{name}` over the server's).
 * Literal secrets are masked as in every definition below admin (DESIGN §7: this is no blueprint).
 */
export async function getMcpRegistryView(visibility: Visibility): Promise<McpRegistryView> {
  const environment = getConfig().environment;
  const rows = await getDb().server.findMany({ select: { name: true }, orderBy: { name: "asc" } });
  const plugins = await Promise.all(rows.map(async ({ name }) => {
    const [server, tools] = await Promise.all([getRawServer(name, visibility), listServerTools(name, environment)]);
    const settings = resilienceSettings(server.resilience);
    const transport = server.transport;
    return {
      id: name,
      transport: transport.type,
      ...(transport.type === "stdio" ? { command: transport.command } : { endpoint: transport.url }),
      actions: tools.map((tool) => {
        const own = settingsForTool(settings, tool.name);
        return {
          name: `${name}.${tool.name}`,
          ...(tool.description ? { description: tool.description } : {}),
          input_schema: tool.input_schema ?? { type: "object" },
          ...(tool.output_schema ? { output_schema: tool.output_schema } : {}),
          timeout_ms: own.timeoutMs,
          retry: { retries: own.retries, backoff: "exponential" as const, min_ms: own.backoff.minMs, max_ms: own.backoff.maxMs },
        };
      }),
    };
  }));
  return { environment, plugins };
}
