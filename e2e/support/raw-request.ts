import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; text: string; body: any };

/**
 * One request over node:http, for what fetch will not send: a `Host` of the test's choosing, a body with any
 * Content-Type, or a client socket bound to another loopback address (`localAddress: "127.0.0.2"`).
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  const headers = { ...options.headers };
  const hasLength = Object.keys(headers).some((name) => ["content-length", "transfer-encoding"].includes(name.toLowerCase()));
  if (options.body !== undefined && !hasLength) headers["Content-Length"] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method: options.method ?? "GET", headers, localAddress: options.localAddress, agent: false },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          let body: unknown = text;
          try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, body });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
