import Link from "next/link";
import type { ReactNode } from "react";

/** A table cell's spacing; on a phone a row is a card, and its cells flow in it. */
export const FOLDING_CELL = "px-3 py-2 align-top max-md:px-0 max-md:py-0.5";

/**
 * A table at desktop width; each row folds into a card on a phone (the header is kept for screen readers), so
 * nothing scrolls sideways and a row's actions stay on screen. `columns` names the header cells; a `false` one
 * is left out. `hasActions` adds the header of the cell FoldingRow's `actions` go in.
 */
export function FoldingTable({ caption, isStale = false, columns, hasActions = false, children }: {
  caption: string; isStale?: boolean; columns: (string | false)[]; hasActions?: boolean; children: ReactNode;
}) {
  return (
    <table aria-busy={isStale} className={`w-full border-collapse text-left text-sm ${isStale ? "opacity-60" : ""}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only dark:border-slate-800 dark:text-slate-400">
        <tr>
          {columns.filter((column) => column !== false).map((column) => <th key={column} scope="col" className="px-3 py-2">{column}</th>)}
          {hasActions && <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>}
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
  children: ReactNode;
};

/** One row of a FoldingTable: its name, its cells (`children`), then its actions. */
export function FoldingRow({ name, href, details, actions, children }: FoldingRowProps) {
  return (
    <tr className="border-b border-slate-100 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:py-3 dark:border-slate-900">
      <th scope="row" className={`${FOLDING_CELL} min-w-40 font-medium max-md:w-full`}>
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
