import { describe, expect, it } from "vitest";

import { exposedName, PORTABLE_NAME, portableName } from "./exposed-names";

const t = (count: number) => "t".repeat(count);

describe("exposedName", () => {
  it.each([
    ["alias.tool by default", { alias: "docs", name: "search" }, undefined, "docs.search"],
    ["the name alone when bare", { alias: "docs", name: "search", bare: true }, undefined, "search"],
    ["a target's own name (a virtual tool) as it is", { name: "get_webpage" }, undefined, "get_webpage"],
    ["'.' keeps whatever the alias and tool hold, however long", { alias: "my docs", name: t(80) }, { separator: "." as const }, `my docs.${t(80)}`],
    ["'__' between alias and tool", { alias: "docs", name: "search" }, { separator: "__" as const }, "docs__search"],
    ["'-'", { alias: "docs", name: "search" }, { separator: "-" as const }, "docs-search"],
    ["'_'", { alias: "docs", name: "search" }, { separator: "_" as const }, "docs_search"],
    ["bare under '__': the name alone", { alias: "docs", name: "search", bare: true }, { separator: "__" as const }, "search"],
    ["a space in the alias replaced, then suffixed", { alias: "my docs", name: "search" }, { separator: "__" as const }, "my_docs__search_7b70e3"],
    ["a non-ASCII letter replaced, one '_' a code point", { alias: "gh", name: "créer" }, { separator: "__" as const }, "gh__cr_er_0ae62f"],
    ["a dotted tool name under '__'", { alias: "a.b", name: "c" }, { separator: "__" as const }, "a_b__c_44b440"],
    ["exactly 64 characters kept", { alias: "x", name: t(61) }, { separator: "__" as const }, `x__${t(61)}`],
    ["65 characters: 57 kept, '_', 6 hex digits", { alias: "x", name: t(62) }, { separator: "__" as const }, `x__${t(54)}_67119a`],
    ["a bare name over 64 under '__'", { alias: "x", name: `${"a".repeat(30)}__${"b".repeat(40)}`, bare: true }, { separator: "__" as const }, `${"a".repeat(30)}__${"b".repeat(25)}_a91275`],
  ])("%s", (_, source, naming, expected) => {
    expect(exposedName(source, naming)).toBe(expected);
  });

  it("is the same on every call (the suffix hangs on the name alone)", () => {
    const source = { alias: "a-very-long-alias-for-a-server-with-a-long-name", name: "and_a_tool_whose_name_is_long_too" };
    const first = exposedName(source, { separator: "__" });
    expect(first).toBe("a-very-long-alias-for-a-server-with-a-long-name__and_a_to_41163a");
    expect(exposedName({ ...source }, { separator: "__" })).toBe(first);
  });

  it("keeps names apart that read the same once replaced or cut", () => {
    const names = [
      exposedName({ alias: "a.b", name: "c" }, { separator: "__" }),
      exposedName({ alias: "a b", name: "c" }, { separator: "__" }),
      exposedName({ alias: "a_b", name: "c" }, { separator: "__" }),
      exposedName({ alias: "x", name: `${t(70)}1` }, { separator: "__" }),
      exposedName({ alias: "x", name: `${t(70)}2` }, { separator: "__" }),
    ];
    expect(new Set(names).size).toBe(names.length);
    expect(names.slice(0, 3)).toEqual(["a_b__c_44b440", "a_b__c_0ec115", "a_b__c"]);
  });

  it.each([
    ["a slash and a colon", "server/tools:search"],
    ["an emoji", "rocket 🚀 launch"],
    ["200 characters of dots", ".".repeat(200)],
    ["one character outside", "é"],
  ])("always gives a portable name: %s", (_, full) => {
    expect(portableName(full)).toMatch(PORTABLE_NAME);
  });
});
