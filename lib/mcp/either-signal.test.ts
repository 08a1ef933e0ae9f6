import { describe, expect, test } from "vitest";

import { eitherSignal } from "./either-signal";

describe("eitherSignal — AbortSignal.any of two, released when the work is over", () => {
  test("aborts with the reason of the source that aborts first, and only once", () => {
    const first = new AbortController();
    const second = new AbortController();
    const either = eitherSignal(first.signal, second.signal);
    expect(either.signal.aborted).toBe(false);
    second.abort(new Error("second"));
    expect(either.signal.aborted).toBe(true);
    expect((either.signal.reason as Error).message).toBe("second");
    first.abort(new Error("first"));
    expect((either.signal.reason as Error).message).toBe("second");
  });

  test("a source aborted already gives an aborted signal with its reason", () => {
    const first = new AbortController();
    first.abort("gone");
    const either = eitherSignal(first.signal, new AbortController().signal);
    expect(either.signal.aborted).toBe(true);
    expect(either.signal.reason).toBe("gone");
  });

  test("once released, a source's abort no longer reaches it", () => {
    const first = new AbortController();
    const either = eitherSignal(first.signal, new AbortController().signal);
    either.release();
    first.abort("late");
    expect(either.signal.aborted).toBe(false);
  });
});
