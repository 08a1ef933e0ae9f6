import { describe, expect, test } from "vitest";

import { afterAuditCursor, decodeAuditCursor, encodeAuditCursor } from "./audit-cursor";

const at = new Date("2026-01-02T03:04:05.678Z");

describe("audit cursor", () => {
  test("round-trips (at, kind, id)", () => {
    expect(decodeAuditCursor(encodeAuditCursor({ at, kind: "event", id: 7 }))).toEqual({ at, kind: "event", id: 7 });
  });

  test.each(["", "nonsense", Buffer.from("[1,2,3]").toString("base64url"), Buffer.from('["2026-01-01T00:00:00Z","other",1]').toString("base64url")])(
    "refuses a cursor it did not hand out: %j", (text) => {
      expect(() => decodeAuditCursor(text)).toThrow(/cursor/);
    });

  test.each([
    ["revision", "revision", { OR: [{ at: { lt: at } }, { at, id: { lt: 5 } }] }],
    ["revision", "event", { OR: [{ at: { lt: at } }] }],
    ["event", "event", { OR: [{ at: { lt: at } }, { at, id: { lt: 5 } }] }],
    ["event", "revision", { OR: [{ at: { lt: at } }, { at }] }],
  ] as const)("after a %s, the %s table continues with %j", (cursorKind, table, expected) => {
    expect(afterAuditCursor({ at, kind: cursorKind, id: 5 }, table)).toEqual(expected);
  });
});
