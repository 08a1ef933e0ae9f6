import { describe, expect, test } from "vitest";

import { diffJson, diffLines, foldUnchanged, type DiffLine } from "./line-diff";

const same = (text: string): DiffLine => ({ kind: "same", text });
const added = (text: string): DiffLine => ({ kind: "added", text });
const removed = (text: string): DiffLine => ({ kind: "removed", text });

describe("diffLines", () => {
  test.each<{ proves: string; before: string[]; after: string[]; expected: DiffLine[] }>([
    { proves: "equal inputs are all unchanged", before: ["a", "b"], after: ["a", "b"], expected: [same("a"), same("b")] },
    { proves: "a line added in the middle", before: ["a", "c"], after: ["a", "b", "c"], expected: [same("a"), added("b"), same("c")] },
    { proves: "a line removed at the end", before: ["a", "b"], after: ["a"], expected: [same("a"), removed("b")] },
    { proves: "a changed line is removed then added", before: ["a", "x", "c"], after: ["a", "y", "c"], expected: [same("a"), removed("x"), added("y"), same("c")] },
    { proves: "from nothing everything is added", before: [], after: ["a"], expected: [added("a")] },
    { proves: "the longest common run is kept", before: ["a", "b", "c", "d"], after: ["b", "c", "e"], expected: [removed("a"), same("b"), same("c"), removed("d"), added("e")] },
  ])("$proves", ({ before, after, expected }) => {
    expect(diffLines(before, after)).toEqual(expected);
  });
});

describe("diffJson", () => {
  test("a changed URL shows as one removed and one added line", () => {
    const lines = diffJson({ name: "a", url: "http://x" }, { name: "a", url: "http://y" });
    expect(lines.filter((line) => line.kind !== "same")).toEqual([removed('  "url": "http://x"'), added('  "url": "http://y"')]);
  });

  test("undefined before (the first revision) makes every line an addition", () => {
    expect(diffJson(undefined, { a: 1 }).every((line) => line.kind === "added")).toBe(true);
  });
});

describe("foldUnchanged", () => {
  test("folds unchanged lines beyond the context and keeps those near a change", () => {
    const lines = [...Array.from({ length: 10 }, (_, i) => same(`s${i}`)), added("new")];
    const hunks = foldUnchanged(lines, 2);
    expect(hunks[0]).toEqual({ kind: "skipped", count: 8 });
    expect(hunks[1]).toEqual({ kind: "lines", lines: [same("s8"), same("s9"), added("new")] });
  });
});
