import { rawRequest, type RawResponse } from "./raw-request";

/**
 * A client whose TCP connections come from `localAddress` (any 127.x.y.z works on Linux loopback): how a test
 * is another client address without a header the server may (and should) ignore. No connection is reused.
 */
export function clientFrom(baseUrl: string, localAddress: string, defaultHeaders: Record<string, string> = {}) {
  function request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const contentType: Record<string, string> = json === undefined ? {} : { "Content-Type": "application/json" };
    return rawRequest(baseUrl, path, { method, localAddress, body: json, headers: { ...contentType, ...defaultHeaders, ...headers } });
  }
  return {
    get: (path: string, headers?: Record<string, string>) => request("GET", path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => request("POST", path, body, headers),
  };
}
