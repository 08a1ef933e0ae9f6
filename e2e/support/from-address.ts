import http from "node:http";

export type AddressedResponse = { status: number; headers: http.IncomingHttpHeaders; body: any; text: string };

/**
 * A client whose TCP connections come from `localAddress` (any 127.x.y.z works on Linux loopback): how a test
 * is another client address without a header the server may (and should) ignore. No connection is reused.
 */
export function clientFrom(baseUrl: string, localAddress: string, defaultHeaders: Record<string, string> = {}) {
  function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<AddressedResponse> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const url = new URL(path, baseUrl);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(url, {
        method, localAddress, agent: false,
        headers: { ...(payload === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) }), ...defaultHeaders, ...headers },
      }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
          resolve({ status: incoming.statusCode!, headers: incoming.headers, body: parsed, text });
        });
        incoming.on("error", reject);
      });
      outgoing.on("error", reject);
      outgoing.end(payload);
    });
  }
  return {
    get: (path: string, headers?: Record<string, string>) => request("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request("POST", path, body, headers),
  };
}
