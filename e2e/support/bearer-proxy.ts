import http from "node:http";
import type { AddressInfo } from "node:net";

export type BearerProxy = { url: string; close(): Promise<void> };

/**
 * A loopback HTTP proxy in front of `target` that adds `Authorization: Bearer <token>` to every request, for
 * clients that cannot send headers (the MCP conformance CLI). Bodies stream both ways (server-sent events too).
 * Every other header goes through as the client sent it, `Host` and `Origin` included: the connection names the
 * target, so rewriting `Host` is not needed for routing, and it would hide what a client tests (the suite's
 * dns-rebinding scenario sends `Host: evil.example.com`, then a loopback `Host` with the matching `Origin` that
 * must be accepted — an `Origin` naming this proxy, which only a passed-through `Host` makes the site's own).
 */
export async function startBearerProxy(target: string, token: string): Promise<BearerProxy> {
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, authorization: `Bearer ${token}` } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers).flushHeaders();
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => response.destroy());
    response.on("close", () => forwarded.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
