import { diffArrays } from "diff";

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Past this many edits the diff costs more than it tells; fall back to "all removed, all added". */
const MAX_EDIT_LENGTH = 5_000;

/** A line diff (jsdiff's Myers diff over arrays): what turns `before` into `after`, in order, removals first. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const changes = diffArrays(before, after, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return replaceAll(before, after);

  return changes.flatMap((change) => {
    const kind = change.added ? "added" : change.removed ? "removed" : "same";
    return change.value.map((text) => ({ kind, text }) as DiffLine);
  });
}

/** JSON values diffed as their two-space pretty-printed lines. */
export function diffJson(before: unknown, after: unknown): DiffLine[] {
  const lines = (value: unknown) => (value === undefined ? [] : JSON.stringify(value, null, 2).split("\n"));
  return diffLines(lines(before), lines(after));
}

function replaceAll(a: string[], b: string[]): DiffLine[] {
  return [...a.map((text) => ({ kind: "removed" as const, text })), ...b.map((text) => ({ kind: "added" as const, text }))];
}

export type DiffHunk = { kind: "lines"; lines: DiffLine[] } | { kind: "skipped"; count: number };

/** Long runs of unchanged lines folded away, `context` lines kept on each side of a change. */
export function foldUnchanged(lines: DiffLine[], context = 3): DiffHunk[] {
  const isNearChange = lines.map((_, index) =>
    lines.slice(Math.max(0, index - context), index + context + 1).some((line) => line.kind !== "same"));

  const hunks: DiffHunk[] = [];
  lines.forEach((line, index) => {
    const last = hunks[hunks.length - 1];
    if (isNearChange[index]) {
      if (last?.kind === "lines") last.lines.push(line);
      else hunks.push({ kind: "lines", lines: [line] });
    } else if (last?.kind === "skipped") last.count++;
    else hunks.push({ kind: "skipped", count: 1 });
  });
  return hunks;
}
