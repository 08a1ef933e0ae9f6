import http from "node:http";
import type { AddressInfo } from "node:net";

export type EchoPeer = { url: string; port: number; requests: http.IncomingHttpHeaders[]; paths: string[]; stop: () => Promise<void> };

/**
 * A loopback HTTP endpoint that is not an MCP server: it records the headers and the path (query included) of every
 * request and answers 500 with both echoed in the body, as a careless upstream would — what a probe's reason must
 * never carry.
 */
export async function startEchoPeer(): Promise<EchoPeer> {
  const requests: http.IncomingHttpHeaders[] = [];
  const paths: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.headers);
    paths.push(request.url ?? "");
    request.resume();
    request.on("end", () => {
      response.writeHead(500, { "Content-Type": "text/plain" });
      response.end(`upstream refused the request ${JSON.stringify({ url: request.url })} with headers ${JSON.stringify(request.headers)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    requests,
    paths,
    stop: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
