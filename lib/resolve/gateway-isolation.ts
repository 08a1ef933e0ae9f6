import { gatewayUrl } from "./gateway-client-file";
import type { ResolvedConfig } from "./types";

/**
 * The blueprint's `mcp_servers` of an agent with `"isolation": "gateway"` (seed 000's gateway isolation, DESIGN
 * §19): one entry, its gateway endpoint, with `?environment=` when one was asked for. No header: the runner
 * brings its own token; nothing of an upstream (URL, header, credential) is in it, whoever asks.
 */
export function isolatedMcpServers(agent: string, origin: string, environment?: string): Record<string, ResolvedConfig> {
  return { [`patchbay-${agent}`]: { type: "http", url: gatewayUrl(origin, agent, environment) } };
}
