import { getDb } from "../db";
import { NotFoundError } from "../errors";
import { DEFAULT_NAMESPACE, toOfficialEntry } from "../formats/official-export";
import type { Prisma } from "../generated/prisma/client";
import type { OfficialListQuery } from "../schemas/official";
import { decodeCursor, encodeCursor } from "./server-list";
import { maskLiteralSecrets } from "../resolve/literal-secrets";
import { toStoredServer } from "./server-record";
import type { Visibility } from "./server-views";

const PREFIX = `${DEFAULT_NAMESPACE}/`;
const columns = { name: true, definition: true, revision: true, createdAt: true, modifiedAt: true } as const;

/** The official registry's list: each server as a server.json entry, by name, paged by an opaque cursor. */
export async function listOfficialServers(query: OfficialListQuery, visibility: Visibility) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await getDb().server.findMany({
    where: { AND: [await filterOf(query), after === undefined ? {} : { name: { gt: after } }] },
    orderBy: { name: "asc" },
    take: query.limit + 1,
    select: columns,
  });

  const page = rows.slice(0, query.limit);
  const hasMore = rows.length > query.limit;
  return {
    servers: page.map((row) => toVisibleEntry(row, visibility)),
    // As in the official registry: no nextCursor on the last page.
    metadata: { ...(hasMore ? { nextCursor: encodeCursor(page[page.length - 1].name) } : {}), count: page.length },
  };
}

/** One server by its official name (`dev.patchbay/<name>`) or its plain Patchbay name. */
export async function getOfficialServer(officialName: string, visibility: Visibility) {
  const name = officialName.startsWith(PREFIX) ? officialName.slice(PREFIX.length) : officialName;
  const row = await getDb().server.findUnique({ where: { name }, select: columns });
  if (!row) throw new NotFoundError(`No server named '${officialName}'.`);
  return toVisibleEntry(row, visibility);
}

/** Literal secrets typed into a definition stay masked below the runner role, as everywhere else. */
function toVisibleEntry(row: Parameters<typeof toStoredServer>[0], { canReadSecrets }: Visibility) {
  const server = toStoredServer(row);
  return toOfficialEntry(canReadSecrets ? server : maskLiteralSecrets(server));
}

async function filterOf(query: OfficialListQuery): Promise<Prisma.ServerWhereInput> {
  const conditions: Prisma.ServerWhereInput[] = [];
  if (query.search) {
    const term = query.search.toLowerCase();
    conditions.push({ name: { in: await findNamesContaining(term.startsWith(PREFIX) ? term.slice(PREFIX.length) : term) } });
  }
  if (query.updated_since) conditions.push({ modifiedAt: { gt: new Date(query.updated_since) } });
  if (query.version && query.version !== "latest") conditions.push({ version: query.version });
  return { AND: conditions };
}

/**
 * Names holding `term` literally. Prisma's `contains` leaves `%` and `_` as LIKE wildcards (so `search=%` would
 * match every name), and `searchText` also holds descriptions; so this asks with an escaped LIKE, the same on
 * SQLite and PostgreSQL. Names are lowercase, so case does not matter on either engine.
 */
async function findNamesContaining(term: string): Promise<string[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
  const rows = await getDb().$queryRaw<{ name: string }[]>`SELECT "name" FROM "Server" WHERE "name" LIKE ${pattern} ESCAPE '\\'`;
  return rows.map((row) => row.name);
}
