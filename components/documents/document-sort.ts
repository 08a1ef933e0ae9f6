import type { SortableColumn } from "@/components/ui/sort-button";
import type { DocumentRow } from "./document-table";

/** The orders of the capabilities and agents lists; `-` reverses one. They hold at most a page, so they sort in the browser. */
const KEYS = {
  name: (row: DocumentRow) => row.name,
  servers: (row: DocumentRow) => row.server_count,
  modified: (row: DocumentRow) => row.modified_at,
} as const;
export type DocumentSortKey = keyof typeof KEYS;

/** The rows in `sort` order (by name when it names no order); ties by name, by UTF-16 code units as the API sorts. */
export function sortDocumentRows(rows: DocumentRow[], sort: string): DocumentRow[] {
  const key = sort.replace(/^-/, "") as DocumentSortKey;
  const valueOf = KEYS[key] ?? KEYS.name;
  const sign = sort.startsWith("-") ? -1 : 1;
  return [...rows].sort((a, b) => sign * (compare(valueOf(a), valueOf(b)) || compare(a.name, b.name)));
}

/** A column header's button: ascending first, then turned around. */
export function documentSortColumn(current: string, key: DocumentSortKey, label: string, onSort: (sort: string) => void): SortableColumn {
  const active = current || "name";
  const sort = active === key ? "ascending" : active === `-${key}` ? "descending" : "none";
  return { label, sort, onSort: () => onSort(sort === "ascending" ? `-${key}` : key === "name" ? "" : key) };
}

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
