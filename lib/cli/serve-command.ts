/**
 * The arguments of the Node that serves Patchbay (lib/cli/serve.mjs), for everything that starts it (`npm start`, the
 * tests' servers), so all of them run the same server.
 *
 * `--experimental-async-context-frame` (the default from Node 24 on): AsyncLocalStorage, which Next and the tracing
 * use, then rides on the async context instead of an async hook called for every promise made — a gateway call makes
 * hundreds. Measured: 5–6 % less CPU per relayed tools/call at 8 clients (A/B of two servers, both orders).
 */
export function serveArguments(port: number, host?: string | null): string[] {
  return ["--experimental-async-context-frame", "lib/cli/serve.mjs", "-p", String(port), ...(host ? ["-H", host] : [])];
}
