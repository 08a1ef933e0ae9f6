export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/** Above this many cells the LCS table costs too much; fall back to "all removed, all added". */
const MAX_CELLS = 4_000_000;

/** A line diff by longest common subsequence: what turns `before` into `after`, in order. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  // Common head and tail cost nothing and shrink the table.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;

  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const middle = a.length * b.length > MAX_CELLS ? replaceAll(a, b) : lcsDiff(a, b);
  return [
    ...before.slice(0, head).map((text) => ({ kind: "same" as const, text })),
    ...middle,
    ...before.slice(before.length - tail).map((text) => ({ kind: "same" as const, text })),
  ];
}

/** JSON values diffed as their two-space pretty-printed lines. */
export function diffJson(before: unknown, after: unknown): DiffLine[] {
  const lines = (value: unknown) => (value === undefined ? [] : JSON.stringify(value, null, 2).split("\n"));
  return diffLines(lines(before), lines(after));
}

function lcsDiff(a: string[], b: string[]): DiffLine[] {
  // lengths[i][j] = LCS length of a[i..] and b[j..]
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i][j] = a[i] === b[j] ? lengths[i + 1][j + 1] + 1 : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }

  const result: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) { result.push({ kind: "same", text: a[i] }); i++; j++; }
    else if (lengths[i + 1][j] >= lengths[i][j + 1]) result.push({ kind: "removed", text: a[i++] });
    else result.push({ kind: "added", text: b[j++] });
  }
  while (i < a.length) result.push({ kind: "removed", text: a[i++] });
  while (j < b.length) result.push({ kind: "added", text: b[j++] });
  return result;
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
