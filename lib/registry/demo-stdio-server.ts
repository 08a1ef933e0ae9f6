/**
 * The demo's working stdio server (lib/cli/demo-mcp-server.mjs): its command line, and the PATCHBAY_STDIO_ALLOW
 * entry that admits exactly it and nothing else — the allowlist's default (lib/env.ts). The script's path is
 * relative: a stdio server runs in Patchbay's own folder, where `npm start` runs.
 */
export const DEMO_STDIO_SERVER = { command: "node", args: ["lib/cli/demo-mcp-server.mjs"] };

export const DEMO_STDIO_ALLOW_ENTRY = [DEMO_STDIO_SERVER.command, ...DEMO_STDIO_SERVER.args].join(" ");
