import { foldUnchanged, type DiffLine } from "@/lib/diff/line-diff";

import { cx } from "./class-names";

const STYLE = {
  same: "text-slate-700 dark:text-slate-300",
  added: "bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100",
  removed: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100",
} as const;
const MARK = { same: " ", added: "+", removed: "-" } as const;

/** A unified line diff: + and - in the text (not colour alone), unchanged stretches folded. */
export function DiffView({ lines, label }: { lines: DiffLine[]; label: string }) {
  const changes = lines.filter((line) => line.kind !== "same").length;
  if (changes === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No changes.</p>;

  return (
    <div role="region" aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md border border-slate-200 font-mono text-xs dark:border-slate-800">
      {foldUnchanged(lines).map((hunk, index) =>
        hunk.kind === "skipped" ? (
          <div key={index} className="bg-slate-100 px-3 py-0.5 text-slate-500 dark:bg-slate-900 dark:text-slate-400">
            ⋯ {hunk.count} unchanged line{hunk.count === 1 ? "" : "s"}
          </div>
        ) : (
          hunk.lines.map((line, lineIndex) => (
            <div key={`${index}-${lineIndex}`} className={cx("px-3 whitespace-pre", STYLE[line.kind])}>
              <span aria-hidden="true" className="mr-2 select-none">{MARK[line.kind]}</span>
              {line.kind !== "same" && <span className="sr-only">{line.kind}: </span>}
              {line.text}
            </div>
          ))
        ),
      )}
    </div>
  );
}
