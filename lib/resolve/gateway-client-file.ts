import type { ClientFormat } from "../schemas/agent";

/** Where a runner token goes in each config: the user fills it in, the file never holds it. */
export const GATEWAY_TOKEN_VARIABLE = "PATCHBAY_TOKEN";
/** …and in Claude Desktop's entry, the whole header value (`Bearer <token>`), which mcp-remote sends as it is. */
export const GATEWAY_AUTHORIZATION_VARIABLE = "PATCHBAY_AUTHORIZATION";
export const RUNNER_TOKEN_PLACEHOLDER = "<a Patchbay runner token>";

/** The gateway URL of an agent (DESIGN §12), with `?environment=` when one was chosen. */
export function gatewayUrl(origin: string, agent: string, environment?: string): string {
  const url = new URL(`/mcp/agents/${encodeURIComponent(agent)}`, origin);
  if (environment) url.searchParams.set("environment", environment);
  return url.href;
}

/**
 * How a client config authenticates to the gateway: `sign-in` holds no token — the client signs its user in
 * through the browser when the gateway asks (OAuth, DESIGN §18), or just connects when authentication is off;
 * `runner-token` leaves a runner token as the client's own input, for machines without a browser.
 */
export type GatewayClientAuth = "sign-in" | "runner-token";

/**
 * One client config entry for the gateway itself. With `sign-in`: VS Code and Cursor take the URL and run OAuth
 * themselves; Claude Desktop, whose config file takes no remote URLs, reaches it through `mcp-remote`, which does
 * the same. With `runner-token`: VS Code prompts for it (`inputs`, `${input:…}`), Cursor reads it from the
 * environment (`${env:…}`), and `mcp-remote` expands `${…}` in its `--header` from the entry's `env`.
 */
export function toGatewayClientFile(format: ClientFormat, entryName: string, url: string, auth: GatewayClientAuth = "sign-in") {
  if (auth === "sign-in") {
    if (format === "vscode") return { servers: { [entryName]: { type: "http", url } } };
    if (format === "cursor") return { mcpServers: { [entryName]: { url } } };
    return { mcpServers: { [entryName]: { command: "npx", args: ["-y", "mcp-remote", url] } } };
  }
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
        // No space inside an argument (some clients split it on Windows): the "Bearer " goes into the variable.
        args: ["-y", "mcp-remote", url, "--header", `Authorization:\${${GATEWAY_AUTHORIZATION_VARIABLE}}`],
        env: { [GATEWAY_AUTHORIZATION_VARIABLE]: `Bearer ${RUNNER_TOKEN_PLACEHOLDER}` },
      },
    },
  };
}
