import type { ClientFormat } from "../schemas/agent";

/** Where the token goes in each config: the user fills it in, the file never holds it. */
export const GATEWAY_TOKEN_VARIABLE = "PATCHBAY_TOKEN";
export const RUNNER_TOKEN_PLACEHOLDER = "<a Patchbay runner token>";

/** The gateway URL of an agent (DESIGN §12), with `?environment=` when one was chosen. */
export function gatewayUrl(origin: string, agent: string, environment?: string): string {
  const url = new URL(`/mcp/agents/${encodeURIComponent(agent)}`, origin);
  if (environment) url.searchParams.set("environment", environment);
  return url.href;
}

/**
 * One client config entry for the gateway itself, the bearer token as an input of that client's own kind:
 * VS Code prompts for it (`inputs`, `${input:…}`), Cursor reads it from the environment (`${env:…}`), and
 * Claude Desktop — whose config file takes no remote URLs — reaches it through `mcp-remote`, which expands
 * `${…}` in its `--header` from the entry's `env`.
 */
export function toGatewayClientFile(format: ClientFormat, entryName: string, url: string) {
  if (format === "vscode") {
    return {
      inputs: [{ type: "promptString", id: "patchbay-token", description: "Patchbay runner token", password: true }],
      servers: { [entryName]: { type: "http", url, headers: { Authorization: "Bearer ${input:patchbay-token}" } } },
    };
  }
  if (format === "cursor") {
    return { mcpServers: { [entryName]: { url, headers: { Authorization: `Bearer \${env:${GATEWAY_TOKEN_VARIABLE}}` } } } };
  }
  return {
    mcpServers: {
      [entryName]: {
        command: "npx",
        args: ["-y", "mcp-remote", url, "--header", `Authorization:Bearer \${${GATEWAY_TOKEN_VARIABLE}}`],
        env: { [GATEWAY_TOKEN_VARIABLE]: RUNNER_TOKEN_PLACEHOLDER },
      },
    },
  };
}
