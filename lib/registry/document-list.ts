import { getDb } from "../db";
import type { DocumentListQuery } from "../schemas/document";
import { decodeCursor, encodeCursor } from "../data/cursor";
import { definitionOf, tableOf, type DocumentKind } from "./document-table";

type Listable = { name: string; description: string; tags?: string[] };
const BATCH = 500;

/**
 * A page of documents ordered by name, filtered by tags (all of) and search (name, description, tags;
 * case-insensitive). Capabilities and agents number in the hundreds, not the tens of thousands of servers,
 * so the filter runs over their definitions in batches instead of over indexed columns.
 */
export async function listDocuments<T extends Listable>(kind: DocumentKind, query: DocumentListQuery) {
  const matches: { definition: T; modifiedAt: Date }[] = [];
  let after = query.cursor ? decodeCursor(query.cursor) : undefined;

  while (matches.length <= query.limit) {
    const rows = await tableOf(getDb(), kind).findMany({
      where: after === undefined ? {} : { name: { gt: after } },
      orderBy: { name: "asc" },
      take: BATCH,
      select: { name: true, definition: true, modifiedAt: true },
    });
    for (const row of rows) {
      const definition = definitionOf<T>(row);
      if (isMatch(definition, query)) matches.push({ definition, modifiedAt: row.modifiedAt });
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1].name;
  }

  const page = matches.slice(0, query.limit);
  const hasMore = matches.length > query.limit;
  return { page, next_cursor: hasMore ? encodeCursor(page[page.length - 1].definition.name) : null };
}

function isMatch(definition: Listable, query: DocumentListQuery): boolean {
  const tags = definition.tags ?? [];
  if (!query.tags.every((tag) => tags.includes(tag))) return false;
  if (!query.search) return true;
  const text = [definition.name, definition.description, ...tags].join("\n").toLowerCase();
  return text.includes(query.search.toLowerCase());
}
