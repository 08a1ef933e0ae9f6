import type http from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { takeChunkReader } from "./node-response";
import { createOutboundPolicy } from "./outbound-policy";
import { ResponseTooLargeError } from "./response-limit";
import { createSafeFetch } from "./safe-fetch";
import { startHttpPeer, type Peer } from "./test-peers";

const policy = createOutboundPolicy();
const CAP = 10_000;
const oversized: ResponseTooLargeError[] = [];
const safeFetch = createSafeFetch(policy, { timeoutMs: 2_000, crossOriginRedirects: "refuse", maxResponseBytes: CAP, onOversized: (error) => oversized.push(error) });
let peer: Peer;
/** Resolves when the server sees the connection of its latest request close. */
let latestClosed: Promise<void> = Promise.resolve();

beforeAll(async () => {
  peer = await startHttpPeer((req, res) => {
    latestClosed = new Promise((resolve) => req.socket.once("close", () => resolve()));
    const path = new URL(req.url ?? "/", "http://x").pathname;
    if (path === "/events") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      for (let i = 0; i < 40; i++) res.write(`data: ${i}\n\n`);
      return void res.end();
    }
    if (path === "/big-event") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: small\n\n");
      return void res.end(`data: ${"x".repeat(CAP)}\n\n`);
    }
    if (path === "/cut") return cut(res);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ answer: 42 }));
  });
});
afterAll(() => peer.close());

/** Half an event, then the connection drops. */
function cut(res: http.ServerResponse) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  res.write("data: half", () => res.destroy());
}

/** Every chunk of a body read through takeChunkReader, as text. */
async function readAll(response: Response): Promise<string> {
  const read = takeChunkReader(response);
  if (!read) throw new Error("the response has no body");
  const chunks: Uint8Array[] = [];
  await read((chunk) => chunks.push(chunk));
  return Buffer.concat(chunks).toString();
}

describe("takeChunkReader on a safe fetch's response (read from node's message, no web stream)", () => {
  it("hands over every chunk in order, those that arrived before the reader too; the body then counts as read", async () => {
    const response = await safeFetch(`${peer.url}/events`);
    expect(await readAll(response)).toBe(Array.from({ length: 40 }, (_, i) => `data: ${i}\n\n`).join(""));
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toBeInstanceOf(TypeError);
  });

  it("an event over the cap fails the read with the error text() gets, tells onOversized once and drops the connection", async () => {
    const viaText = await (await safeFetch(`${peer.url}/big-event`)).text().catch((error: unknown) => error);
    await latestClosed;
    oversized.length = 0;

    const direct = await readAll(await safeFetch(`${peer.url}/big-event`)).catch((error: unknown) => error);
    expect(direct).toBeInstanceOf(ResponseTooLargeError);
    expect((direct as Error).message).toBe((viaText as Error).message);
    expect((direct as Error).message).toBe(`response larger than ${CAP} bytes from ${peer.url}`);
    expect(oversized).toEqual([direct]);
    await latestClosed; // the server sees the socket go: it cannot be reused with a body left unread
  });

  it("a connection closed before the body's end fails the read as text() does", async () => {
    const viaText = await (await safeFetch(`${peer.url}/cut`)).text().catch((error: unknown) => error);
    const direct = await readAll(await safeFetch(`${peer.url}/cut`)).catch((error: unknown) => error);
    expect(direct).toBeInstanceOf(Error);
    expect(direct).toMatchObject({ message: "aborted", code: "ECONNRESET" }); // node's error for a cut response
    expect(viaText).toEqual(direct);
  });

  it("a reader that throws ends the read with its error and drops the connection", async () => {
    const read = takeChunkReader(await safeFetch(`${peer.url}/events`))!;
    const failure = new Error("the reader broke");
    let calls = 0;
    await expect(read(() => {
      calls++;
      throw failure;
    })).rejects.toBe(failure);
    await latestClosed;
    expect(calls).toBe(1); // no chunk after the failing one, queued or not, as a `for await` stops at its body's error
  });

  it("once the body was read the web way, reads it from the web stream", async () => {
    const response = await safeFetch(`${peer.url}/events`);
    const stream = response.body!;
    expect(stream.locked).toBe(false);
    expect(await readAll(response)).toBe(Array.from({ length: 40 }, (_, i) => `data: ${i}\n\n`).join(""));
    expect(response.bodyUsed).toBe(true);
    expect(await stream.getReader().read()).toEqual({ done: true, value: undefined }); // it was this stream that was read
  });

  it("is null for a response without a body", async () => {
    expect(takeChunkReader(await safeFetch(peer.url, { method: "HEAD" }))).toBeNull();
  });
});

describe("a safe fetch's response read the web way", () => {
  it("clones as Response does: both read the whole body, with the status and headers", async () => {
    const response = await safeFetch(peer.url);
    const copy = response.clone();
    expect([copy.status, copy.headers.get("content-type")]).toEqual([200, "application/json"]);
    expect(await copy.json()).toEqual({ answer: 42 });
    expect(await response.json()).toEqual({ answer: 42 });
    expect(() => response.clone()).toThrow(TypeError);
  });

  it("is an ordinary Response to its readers: body stream, bodyUsed, text()", async () => {
    const response = await safeFetch(peer.url);
    expect(response).toBeInstanceOf(Response);
    expect([response.ok, response.url, response.redirected, response.bodyUsed]).toEqual([true, `${peer.url}/`, false, false]);
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(await response.text()).toBe('{"answer":42}');
    expect(response.bodyUsed).toBe(true);
  });

  it("blob() is typed by the response's content-type, as Response's is", async () => {
    const blob = await (await safeFetch(peer.url)).blob();
    expect([blob.type, await blob.text()]).toEqual(["application/json", '{"answer":42}']);
  });
});
