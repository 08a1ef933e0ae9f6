import { describe, expect, test } from "vitest";

import { ByteBoundedLru } from "./byte-bounded-lru";

const entry = (bytes: number, name = "") => ({ bytes, name });

describe("ByteBoundedLru", () => {
  test("drops the least recently used first once past the bound", () => {
    const lru = new ByteBoundedLru<ReturnType<typeof entry>>(30);
    lru.set("a", entry(10));
    lru.set("b", entry(10));
    lru.set("c", entry(10));
    expect(lru.get("a")).toEqual(entry(10));
    lru.set("d", entry(10));
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    expect(lru.get("c")).toBeDefined();
    expect(lru.get("d")).toBeDefined();
    expect(lru.size).toEqual({ entries: 3, bytes: 30 });
  });

  test("replacing an entry counts its new size only", () => {
    const lru = new ByteBoundedLru<ReturnType<typeof entry>>(100);
    lru.set("a", entry(40, "old"));
    lru.set("a", entry(25, "new"));
    expect(lru.get("a")).toEqual(entry(25, "new"));
    expect(lru.size).toEqual({ entries: 1, bytes: 25 });
  });

  test("an entry over the per-entry bound is not held, and drops what was under its key", () => {
    const lru = new ByteBoundedLru<ReturnType<typeof entry>>(100, 20);
    lru.set("a", entry(10));
    lru.set("a", entry(21));
    expect(lru.get("a")).toBeUndefined();
    expect(lru.size).toEqual({ entries: 0, bytes: 0 });
  });

  test("10,000 distinct keys never hold more than the bound", () => {
    const lru = new ByteBoundedLru<ReturnType<typeof entry>>(1_000);
    for (let i = 0; i < 10_000; i += 1) lru.set(`key-${i}`, entry(7));
    expect(lru.size).toEqual({ entries: 142, bytes: 994 });
    expect(lru.get("key-9999")).toBeDefined();
    expect(lru.get("key-0")).toBeUndefined();
  });

  test("delete frees its bytes", () => {
    const lru = new ByteBoundedLru<ReturnType<typeof entry>>(100);
    lru.set("a", entry(10));
    lru.delete("a");
    lru.delete("missing");
    expect(lru.size).toEqual({ entries: 0, bytes: 0 });
  });
});
