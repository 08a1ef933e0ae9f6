import { describe, expect, test } from "vitest";

import { toolGlob } from "./tool-glob";

/** DESIGN §14 "One glob dialect": `*` any run of characters (`/` included), `?` one, nothing else special. */
describe("the one glob dialect for tool names", () => {
  test.each([
    ["*", "admin/delete", true],
    ["*", "a.b/c-d_e", true],
    ["*", "", true],
    ["*", ".hidden", true],
    ["*", "line\nbreak", true],
    ["admin/*", "admin/delete", true],
    ["admin/*", "admin/users/delete", true],
    ["admin*", "admin/delete", true],
    ["*delete", "admin/delete", true],
    ["docs.*", "docs.search/v2", true],
    ["fetch.get_?", "fetch.get_a", true],
    ["fetch.get_?", "fetch.get_/", true],
    ["fetch.get_?", "fetch.get_ab", false],
    ["docs.*", "docsXsearch", false],
    ["admin/*", "other/delete", false],
    ["[ab]", "a", false],
    ["[ab]", "[ab]", true],
    ["{a,b}", "a", false],
    ["{a,b}", "{a,b}", true],
    ["!(x)", "y", false],
    ["a+", "aa", false],
    ["a+", "a+", true],
    ["**", "admin/delete", true],
  ] as const)("%j against %j → %s", (glob, name, expected) => {
    expect(toolGlob(glob).test(name)).toBe(expected);
  });

  test("every name SEP-986 allows (letters, digits, _ - . /) is governed by '*'", () => {
    const alphabet = "abcXYZ019_-./";
    for (const a of alphabet) for (const b of alphabet) expect(toolGlob("*").test(`${a}${b}tool${a}`)).toBe(true);
  });
});
