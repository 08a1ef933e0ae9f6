import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { SEED_PATH_MARKER } from "./seed-path-marker";
import { installVaryAccept } from "./vary-accept";

let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  installVaryAccept();
  installVaryAccept(); // twice is once
  server = http.createServer((request, response) => {
    const vary = new URL(request.url!, "http://x").searchParams.get("vary");
    if (vary) response.setHeader("Vary", vary);
    response.end("ok");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("installVaryAccept — Vary: Accept on responses to requests proxy.ts marked", () => {
  test.each<{ proves: string; marked: boolean; vary?: string; expected: string | null }>([
    { proves: "a marked request without Vary gets Accept", marked: true, expected: "Accept" },
    { proves: "a marked request keeps the framework's fields and gains Accept", marked: true, vary: "rsc, Accept-Encoding", expected: "rsc, Accept-Encoding, Accept" },
    { proves: "Accept is not added twice", marked: true, vary: "accept", expected: "accept" },
    { proves: "Vary: * already covers it", marked: true, vary: "*", expected: "*" },
    { proves: "an unmarked request is left alone", marked: false, vary: "rsc", expected: "rsc" },
    { proves: "an unmarked request gets no Vary", marked: false, expected: null },
  ])("$proves", async ({ marked, vary, expected }) => {
    const response = await fetch(`${baseUrl}/${vary ? `?vary=${encodeURIComponent(vary)}` : ""}`, { headers: marked ? { [SEED_PATH_MARKER]: "1" } : {} });

    expect(response.headers.get("vary")).toBe(expected);
  });
});
