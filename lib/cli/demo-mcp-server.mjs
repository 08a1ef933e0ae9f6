// @ts-check
/**
 * The demo's MCP server over stdio (prisma/demo-data.ts, server `everything`): the reference server
 * `@modelcontextprotocol/server-everything`, run by the one command line PATCHBAY_STDIO_ALLOW admits by default
 * (lib/registry/demo-stdio-server.ts). Its one tool that reaches the network, gzip-file-as-resource, fetches any
 * URL it is given, past Patchbay's outbound policy (DESIGN §7): here it may fetch from no domain at all (data: URIs
 * only), whatever env a definition sets — the allowlist admits a command line, not its environment.
 */
process.env.GZIP_ALLOWED_DOMAINS = "no-fetching.invalid";
await import("@modelcontextprotocol/server-everything/dist/transports/stdio.js");
