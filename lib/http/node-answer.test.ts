import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { answerToNode } from "./node-answer";
import { knownTextOf, textResponse } from "./text-response";

const LONG = JSON.stringify({ items: Array.from({ length: 200 }, (_, index) => ({ name: `server-${index}`, note: "ü" })) });
const answers: Record<string, () => Response> = {
  "/text": () => textResponse(LONG, { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", ETag: '"t"' } }),
  "/plain": () => new Response(LONG, { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", ETag: '"t"' } }),
};

let server: http.Server;
let lastAnswer: Response | undefined;
let base: string;
beforeAll(async () => {
  server = http.createServer((request, response) => {
    lastAnswer = answers[request.url!]();
    void answerToNode(lastAnswer, request, response, new AbortController().signal);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** The raw answer: status, headers and body bytes as they came off the wire (no decompression). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on("error", reject);
  });
}

describe("answerToNode with a textResponse", () => {
  it("writes the remembered text, byte for byte as a plain Response's stream would give it", async () => {
    const text = await get("/text");
    expect(knownTextOf(lastAnswer!)?.text).toBe(LONG); // written from its text: its body's stream was never made
    const plain = await get("/plain");
    expect(text.status).toBe(200);
    expect(text.body.equals(plain.body)).toBe(true);
    expect(text.body.toString("utf8")).toBe(LONG);
    expect(text.headers["content-length"]).toBe(String(Buffer.byteLength(LONG)));
    expect(text.headers.etag).toBe('"t"');
  });

  it("gzips the remembered text for a client that accepts it", async () => {
    const answer = await get("/text", { "Accept-Encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(zlib.gunzipSync(answer.body).toString("utf8")).toBe(LONG);
  });
});
