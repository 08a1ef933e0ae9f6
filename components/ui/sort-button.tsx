/** A column whose header orders the rows: `sort` is its `aria-sort`, `onSort` picks it (or turns it around). */
export type SortableColumn = { label: string; sort: "ascending" | "descending" | "none"; onSort: () => void };

const ARROWS = { ascending: "▲", descending: "▼", none: "↕" } as const;

/** A column header's button; the arrow is decoration, `aria-sort` on the header cell tells screen readers. */
export function SortButton({ column }: { column: SortableColumn }) {
  return (
    <button type="button" onClick={column.onSort}
      className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-semibold tracking-wide uppercase hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800">
      {column.label}
      <span aria-hidden="true" className={column.sort === "none" ? "opacity-40" : ""}>{ARROWS[column.sort]}</span>
    </button>
  );
}
