import { getDb } from "../db";
import { NotFoundError } from "../errors";
import { DEFAULT_NAMESPACE, toOfficialEntry } from "../formats/official-export";
import type { Prisma } from "../generated/prisma/client";
import type { OfficialListQuery } from "../schemas/official";
import { decodeCursor, encodeCursor } from "../registry/server-list";
import { maskLiteralSecrets } from "../resolve/literal-secrets";
import { toStoredServer } from "../registry/server-record";
import type { Visibility } from "../auth/visibility";

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
  return toVisibleEntry(await findRow(officialName), visibility);
}

/** `dev.patchbay/<name>` or the plain name → the stored row; 404 naming what was asked for. */
export async function findRow(officialName: string) {
  const name = plainName(officialName);
  const row = await getDb().server.findUnique({ where: { name }, select: { id: true, ...columns } });
  if (!row) throw new NotFoundError(`No server named '${officialName}'.`);
  return row;
}

export function plainName(officialName: string): string {
  return officialName.startsWith(PREFIX) ? officialName.slice(PREFIX.length) : officialName;
}

/** Literal secrets typed into a definition stay masked below admin, as everywhere outside blueprints. */
export function toVisibleEntry(row: Parameters<typeof toStoredServer>[0], { canReadStoredSecrets }: Visibility, options: { isLatest?: boolean } = {}) {
  const server = toStoredServer(row);
  return toOfficialEntry(canReadStoredSecrets ? server : maskLiteralSecrets(server), options);
}

async function filterOf(query: OfficialListQuery): Promise<Prisma.ServerWhereInput> {
  const conditions: Prisma.ServerWhereInput[] = [];
  if (query.search) {
    const term = query.search.toLowerCase();
    conditions.push({ name: { in: await findNamesMatching(term.startsWith(PREFIX) ? term.slice(PREFIX.length) : term) } });
  }
  if (query.updated_since) conditions.push({ modifiedAt: { gt: new Date(query.updated_since) } });
  if (query.version && query.version !== "latest") conditions.push({ version: query.version });
  return { AND: conditions };
}

/**
 * Names of servers whose name or description holds `term` literally, case-insensitively (DESIGN §13: more than
 * the official registry's names only). Prisma's `contains` leaves `%` and `_` as LIKE wildcards (so `search=%`
 * would match every name), and `searchText` also holds tags; so this asks with an escaped LIKE over LOWER(), the
 * same on SQLite and PostgreSQL.
 */
async function findNamesMatching(term: string): Promise<string[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (special) => `\\${special}`)}%`;
  const rows = await getDb().$queryRaw<{ name: string }[]>`
    SELECT "name" FROM "Server" WHERE "name" LIKE ${pattern} ESCAPE '\\' OR LOWER("description") LIKE ${pattern} ESCAPE '\\'`;
  return rows.map((row) => row.name);
}
