import Link from "next/link";
import type { ReactNode } from "react";

import { SortButton, type SortableColumn } from "./sort-button";

/** A table cell's spacing; on a phone a row is a card, and its cells flow in it. */
export const FOLDING_CELL = "px-3 py-2 align-top max-md:px-0 max-md:py-0.5";

/**
 * A table at desktop width; each row folds into a card on a phone (the header is kept for screen readers), so
 * nothing scrolls sideways and a row's actions stay on screen. `columns` names the header cells; a `false` one
 * is left out, a SortableColumn's header is a button that orders the rows (`aria-sort` says how they are). `hasActions`
 * adds the header of the cell FoldingRow's `actions` go in; `leading` the header of a first cell (FoldingRow's `leading`,
 * a row's checkbox).
 */
export function FoldingTable({ caption, isStale = false, columns, hasActions = false, leading, children }: {
  caption: string; isStale?: boolean; columns: (string | false | SortableColumn)[]; hasActions?: boolean; leading?: ReactNode; children: ReactNode;
}) {
  // On a phone the header row is for screen readers, unless it holds controls: then those stay, as a toolbar.
  const hasControls = leading !== undefined || columns.some((column) => typeof column === "object");
  const phoneOnly = hasControls ? "max-md:sr-only" : "";
  return (
    <table aria-busy={isStale} className={`w-full border-collapse text-left text-sm ${isStale ? "opacity-60" : ""}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className={`border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase dark:border-slate-800 dark:text-slate-400 ${hasControls ? "max-md:block" : "max-md:sr-only"}`}>
        <tr className={hasControls ? "max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-1 max-md:py-1" : ""}>
          {leading !== undefined && <th scope="col" className="w-8 px-3 py-2 max-md:px-0">{leading}</th>}
          {columns.filter((column) => column !== false).map((column) => typeof column === "string"
            ? <th key={column} scope="col" className={`px-3 py-2 ${phoneOnly}`}>{column}</th>
            : <th key={column.label} scope="col" aria-sort={column.sort} className="px-1 py-1"><SortButton column={column} /></th>)}
          {hasActions && <th scope="col" className={`px-3 py-2 ${phoneOnly}`}><span className="sr-only">Actions</span></th>}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

type FoldingRowProps = {
  /** Names the row in its first cell, as a link when the row has a page (`href`); on a phone it spans the card. */
  name: ReactNode;
  href?: string;
  /** What follows the name in its cell: a badge, a line of description. */
  details?: ReactNode;
  /** The row's buttons, in its last cell: at the end of the row on a desktop, a line of their own on a phone. */
  actions?: ReactNode;
  /** A first cell before the name (a checkbox that selects the row). */
  leading?: ReactNode;
  children: ReactNode;
};

/** One row of a FoldingTable: its name, its cells (`children`), then its actions. */
export function FoldingRow({ name, href, details, actions, leading, children }: FoldingRowProps) {
  return (
    <tr className="border-b border-slate-100 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:py-3 dark:border-slate-900">
      {leading !== undefined && <td className={`${FOLDING_CELL} w-8`}>{leading}</td>}
      <th scope="row" className={`${FOLDING_CELL} min-w-40 font-medium ${leading === undefined ? "max-md:w-full" : "max-md:flex-1"}`}>
        {href ? <Link href={href} prefetch={false} className="break-words text-indigo-700 hover:underline dark:text-indigo-300">{name}</Link> : name}
        {details}
      </th>
      {children}
      {actions && (
        <td className={`${FOLDING_CELL} max-md:w-full max-md:pt-2`}>
          <div className="flex justify-end gap-1 max-md:justify-start">{actions}</div>
        </td>
      )}
    </tr>
  );
}

/** A cell's column name, shown on a phone, where the card has no header row; on a desktop, only to screen readers. */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="md:sr-only">{children}: </span>;
}
