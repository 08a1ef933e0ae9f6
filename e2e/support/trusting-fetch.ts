import https from "node:https";

/**
 * `fetch` over https that trusts `ca` (a test's self-signed certificate) and nothing else; it follows no
 * redirect (a 3xx is answered as it is). Node's own fetch takes no CA of a test's making without NODE_EXTRA_CA_CERTS,
 * which only a process's start sets.
 */
export function fetchTrusting(ca: string): typeof fetch {
  return (input, init = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    return new Promise<Response>((resolve, reject) => {
      const request = https.request(url, { method: init.method ?? "GET", headers, ca, signal: init.signal ?? undefined }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("error", reject);
        answer.on("end", () => {
          const status = answer.statusCode ?? 502;
          const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          const answered = new Headers();
          for (const [name, value] of Object.entries(answer.headers)) for (const each of [value ?? []].flat()) answered.append(name, each);
          resolve(new Response(body, { status, headers: answered }));
        });
      });
      request.on("error", reject);
      request.end(typeof init.body === "string" || init.body instanceof Uint8Array ? init.body : init.body == null ? undefined : String(init.body));
    });
  };
}
