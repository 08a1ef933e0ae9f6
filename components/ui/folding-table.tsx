import Link from "next/link";
import type { ReactNode } from "react";

/** A table cell's spacing; on a phone a row is a card, and its cells flow in it. */
export const FOLDING_CELL = "px-3 py-2 align-top max-md:px-0 max-md:py-0.5";

/**
 * A table at desktop width; each row folds into a card on a phone (the header is kept for screen readers).
 * `columns` names the header cells; a `false` one is left out.
 */
export function FoldingTable({ caption, isStale, columns, children }: { caption: string; isStale: boolean; columns: (string | false)[]; children: ReactNode }) {
  return (
    <table aria-busy={isStale} className={`w-full border-collapse text-left text-sm ${isStale ? "opacity-60" : ""}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase max-md:sr-only dark:border-slate-800 dark:text-slate-400">
        <tr>
          {columns.filter((column) => column !== false).map((column) => <th key={column} scope="col" className="px-3 py-2">{column}</th>)}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** One row: its first cell names it and links to its page; on a phone that name spans the card. */
export function FoldingRow({ name, href, badge, children }: { name: string; href: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <tr className="border-b border-slate-100 max-md:flex max-md:flex-wrap max-md:items-center max-md:gap-x-3 max-md:py-3 dark:border-slate-900">
      <th scope="row" className={`${FOLDING_CELL} min-w-40 font-medium max-md:w-full`}>
        <Link href={href} prefetch={false} className="break-words text-indigo-700 hover:underline dark:text-indigo-300">{name}</Link>
        {badge}
      </th>
      {children}
    </tr>
  );
}
