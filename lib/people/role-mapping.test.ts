import { describe, expect, it } from "vitest";

import { claimValues, roleFromClaimValues } from "./role-mapping";

const mappings = [
  { role: "admin" as const, value: "platform-admins" },
  { role: "editor" as const, value: "platform-eng" },
  { role: "viewer" as const, value: "*" },
];

describe("roleFromClaimValues", () => {
  it("gives the highest role among the matching values", () => {
    expect(roleFromClaimValues(["platform-eng", "platform-admins"], mappings)).toBe("admin");
    expect(roleFromClaimValues(["platform-eng"], mappings)).toBe("editor");
  });

  it("gives the `*` role to anyone else, and none without a `*` mapping", () => {
    expect(roleFromClaimValues(["sales"], mappings)).toBe("viewer");
    expect(roleFromClaimValues(["sales"], mappings.slice(0, 2))).toBeNull();
    expect(roleFromClaimValues([], mappings.slice(0, 2))).toBeNull();
  });
});

describe("claimValues", () => {
  it("reads a list, a single string, or nothing", () => {
    expect(claimValues({ groups: ["a", 3, "b"] }, "groups")).toEqual(["a", "b"]);
    expect(claimValues({ groups: "a" }, "groups")).toEqual(["a"]);
    expect(claimValues({ groups: { a: true } }, "groups")).toEqual([]);
    expect(claimValues({}, "groups")).toEqual([]);
  });
});
