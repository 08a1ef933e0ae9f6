import { describe, expect, it } from "vitest";

import { relativeTime, utcTimeOfDay, utcTimestamp } from "./relative-time";

const NOW = Date.parse("2026-11-22T16:53:30.000Z");

describe("relativeTime", () => {
  it.each([
    ["2026-11-22T16:53:30.000Z", "just now"],
    ["2026-11-22T16:52:31.000Z", "just now"],
    ["2026-11-22T16:52:30.000Z", "1 min ago"],
    ["2026-11-22T16:41:00.000Z", "12 min ago"],
    ["2026-11-22T15:53:30.000Z", "1 h ago"],
    ["2026-11-21T17:00:00.000Z", "23 h ago"],
    ["2026-11-21T16:53:30.000Z", "1 day ago"],
    ["2026-11-17T10:00:00.000Z", "5 days ago"],
    ["2026-11-22T17:05:30.000Z", "in 12 min"],
  ])("%s → %s", (iso, expected) => {
    expect(relativeTime(iso, NOW)).toBe(expected);
  });
});

describe("UTC formats", () => {
  it("absolute", () => expect(utcTimestamp("2026-11-22T16:53:30.000Z")).toBe("22 Nov 2026, 16:53 UTC"));
  it("time of day", () => expect(utcTimeOfDay(NOW)).toBe("16:53:30"));
});
