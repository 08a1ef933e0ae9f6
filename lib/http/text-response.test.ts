import { describe, expect, it } from "vitest";

import { knownTextOf, textResponse } from "./text-response";

const init = { status: 201, statusText: "Created", headers: { "Content-Type": "application/json; charset=utf-8", ETag: '"e"' } };

describe("textResponse", () => {
  it("reads as the Response built from the same string would, through every body method", async () => {
    const text = JSON.stringify({ name: "ünïcode", n: 1 });
    const reference = new Response(text, init);
    for (const read of [(r: Response) => r.text(), (r: Response) => r.json(), async (r: Response) => [...new Uint8Array(await r.arrayBuffer())], async (r: Response) => (await r.blob()).text()]) {
      expect(await read(textResponse(text, init))).toEqual(await read(reference.clone()));
    }
    const response = textResponse(text, init);
    expect([response.status, response.statusText, response.ok, response.headers.get("etag"), response.headers.get("content-type")]).toEqual([201, "Created", true, '"e"', "application/json; charset=utf-8"]);
  });

  it("gives its body as a stream to whoever asks (Next's mount, a copy made to change headers)", async () => {
    const response = textResponse("hello", { status: 202 });
    const copy = new Response(response.body, response);
    expect([copy.status, await copy.text()]).toEqual([202, "hello"]);
    expect(response.headers.get("content-type")).toBe("text/plain;charset=UTF-8"); // as for new Response("hello")
  });

  it("keeps its text for the production mount only while the body is unread, and is read once like any Response", async () => {
    const response = textResponse("{}", init);
    expect(knownTextOf(response)?.text).toBe("{}");
    const clone = response.clone();
    expect(await response.text()).toBe("{}");
    expect(response.bodyUsed).toBe(true);
    expect(knownTextOf(response)).toBeUndefined();
    await expect(response.text()).rejects.toThrow(TypeError);
    expect(() => response.clone()).toThrow(TypeError);
    expect([knownTextOf(clone)?.text, clone.status, await clone.json()]).toEqual(["{}", 201, {}]);
    expect(knownTextOf(new Response("{}"))).toBeUndefined();
  });
});
