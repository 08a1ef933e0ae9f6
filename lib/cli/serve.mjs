// @ts-check
/**
 * The server process (`npm start` and every test spawn it): Next.js as a custom server, with the gateway's
 * authorization server (lib/gateway-oauth: its paths) and the API's dispatcher (lib/http/node-mount.ts: the API's
 * paths) mounted in front of it, the rest going to Next, and the request guard (lib/http/request-guard.mjs) in
 * front of all. instrumentation.ts installs the mount in the
 * process's runtime (lib/runtime) at boot; until it does, Next answers everything, through the same dispatcher (its catch-all
 * routes). Plain JavaScript: this file runs in the server process itself, before anything is compiled.
 *
 * Usage: node lib/cli/serve.mjs -p PORT [-H HOST]
 */
import http from "node:http";
import { parseArgs } from "node:util";

import { guardRequest, guardSettingsFrom } from "../http/request-guard.mjs";
import { existingProcessRuntime } from "../runtime/process-record.mjs";

// As Next's own CLI sets them before it loads anything (React picks its production build by NODE_ENV).
process.env.NODE_ENV ||= "production";
process.env.NEXT_RUNTIME = "nodejs";
const { default: next } = await import("next");

const { values } = parseArgs({ options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } } });
const port = Number(values.port ?? process.env.PORT ?? 3000);
const guard = guardSettingsFrom(process.env);
// DESIGN §14: without authentication, only this machine may reach it unless HOST says otherwise.
const hostname = values.hostname ?? process.env.HOST ?? (guard.isAuthOff ? "127.0.0.1" : undefined);

const app = next({ dev: false, dir: process.cwd(), hostname: hostname ?? "localhost", port });
const nextHandler = app.getRequestHandler();
await app.prepare();

let stopping = false;

/** @type {(request: http.IncomingMessage, response: http.ServerResponse) => void} */
function serve(request, response) {
  closeWhenStopping(response);
  const refusal = guardRequest(request, guard);
  if (refusal) return refuse(response, refusal);
  const authorizationServer = /** @type {import("../gateway-oauth/authorization-server-mount").AuthorizationServerMount | undefined} */ (existingProcessRuntime()?.find("oauth.authorizationServer"));
  if (authorizationServer?.serve(request, response)) return;
  const mount = /** @type {import("../http/node-mount").NodeMount | undefined} */ (existingProcessRuntime()?.find("http.nodeMount"));
  if (mount?.serve(request, response)) return;
  void nextHandler(request, response);
}

/** @param {http.ServerResponse} response @param {import("../http/request-guard.mjs").Refusal} refusal */
function refuse(response, { status, type, title, detail }) {
  const body = JSON.stringify({ type: `https://patchbay.dev/problems/${type}`, title, status, detail });
  response.writeHead(status, { "Content-Type": "application/problem+json", "Cache-Control": "no-store", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}

// An idle keep-alive connection is closed after 65 s, not Node's 5: longer than the 60 s idle timeout of the
// common load balancers in front (so they never send on a connection being closed), and long enough that a
// client whose event loop stalled for a few seconds does not reuse a connection the server has just dropped.
const server = http.createServer({ keepAliveTimeout: 65_000, headersTimeout: 66_000 }, serve);
server.listen(port, hostname, () => console.log(`Patchbay server listening on http://${hostname ?? "localhost"}:${port}`));

/**
 * Once stopping, no connection is kept alive after its answer: `server.close` waits for every connection to
 * end, and one kept alive after a request that was in flight at the signal would hold the exit for the whole
 * keep-alive timeout.
 * @param {http.ServerResponse} response
 */
function closeWhenStopping(response) {
  if (stopping) response.shouldKeepAlive = false;
  response.once("finish", () => {
    if (stopping) setImmediate(() => server.closeIdleConnections());
  });
}

// As `next start` does: stop accepting, let requests in flight finish, close Next, exit with the signal's code.
// In between, the runtime (stopped by the same signal, lib/runtime) closes the upstream sessions and database clients.
for (const [signal, code] of /** @type {const} */ ([["SIGINT", 130], ["SIGTERM", 143]])) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close(() => void Promise.resolve(existingProcessRuntime()?.shutdown())
      .then(() => app.close())
      .catch(console.error)
      .finally(() => process.exit(code)));
    server.closeIdleConnections();
  });
}
