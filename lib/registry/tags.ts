import { getDb } from "../db";

export type TagCount = { tag: string; count: number };

/** Tags in use, most used first (then by name): filter chips and the form's suggestions. */
export async function listTagCounts(limit = 500): Promise<TagCount[]> {
  const rows = await getDb().serverTag.groupBy({
    by: ["tag"],
    _count: { tag: true },
    orderBy: [{ _count: { tag: "desc" } }, { tag: "asc" }],
    take: limit,
  });
  return rows.map((row) => ({ tag: row.tag, count: row._count.tag }));
}
