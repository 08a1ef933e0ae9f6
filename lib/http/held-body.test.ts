import { describe, expect, it } from "vitest";

import { heldBodyOf, withHeldBody } from "./held-body";

/** A Request that holds a string when given one, else takes its body from `init` as any Request does. */
class HoldingRequest extends withHeldBody<string, typeof Request>(Request, (text) => text) {
  constructor(init: RequestInit, held?: string) {
    super("http://patchbay.test/api/x", init);
    if (held !== undefined) this.hold(held);
  }
}

describe("withHeldBody", () => {
  it("a held body is read through every body method as if it had been given to the constructor", async () => {
    expect(await new HoldingRequest({ method: "POST" }, '{"a":1}').json()).toEqual({ a: 1 });
    expect(await new HoldingRequest({ method: "POST" }, "ü").text()).toBe("ü");
    expect([...(await new HoldingRequest({ method: "POST" }, "ü").bytes())]).toEqual([0xc3, 0xbc]);
    expect(await new Response(new HoldingRequest({ method: "POST" }, "streamed").body).text()).toBe("streamed");
  });

  it("shows what it holds until the body is read, and is read once", async () => {
    const request = new HoldingRequest({ method: "POST" }, "once");
    expect(heldBodyOf(request)).toBe("once");
    expect(request.bodyUsed).toBe(false);
    expect(await request.text()).toBe("once");
    expect([request.bodyUsed, heldBodyOf(request)]).toEqual([true, undefined]);
    await expect(request.text()).rejects.toThrow(TypeError);
  });

  it("one that holds nothing reads as its base class: a body given to the constructor is not lost", async () => {
    const request = new HoldingRequest({ method: "POST", body: "given", headers: { "content-type": "text/plain" } });
    expect(heldBodyOf(request)).toBeUndefined();
    expect(await request.text()).toBe("given");
    expect(request.bodyUsed).toBe(true);
    expect(await new HoldingRequest({ method: "GET" }).text()).toBe("");
  });
});
