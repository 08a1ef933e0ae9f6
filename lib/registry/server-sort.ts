import { decodeCursor as decodeNameCursor, encodeCursor as encodeNameCursor } from "../data/cursor";
import { InvalidInputError } from "../errors";
import { Prisma } from "../generated/prisma/client";
import { NAME_PATTERN } from "../schemas/common";
import type { HealthSummary } from "../schemas/server-output";
import type { ServerSort } from "../schemas/server-query";
import { TRANSPORT_TYPES } from "../schemas/server-fields";

/** `sort=health` goes from healthy to unhealthy; `-health` puts the worst first. */
const HEALTH_RANK: readonly HealthSummary["status"][] = ["healthy", "skipped", "auth_required", "unknown", "degraded", "not_mcp", "unhealthy"];

/** Where the previous page ended: the last row's sort key (none for `name`) and its name, the tie-break. */
export type SortPosition = { key: string | number | Date | null; name: string };

type Order = {
  /** The key as an SQL expression over "Server"; null when the name alone orders. */
  key: Prisma.Sql | null;
  isDescending: boolean;
  /** The key as the cursor carries it, and back; throws on anything this order never gave out. Unused by `name`. */
  encodeKey: (value: unknown) => string | number;
  decodeKey: (value: unknown) => string | number | Date;
};

const NAME_ONLY = { key: null, encodeKey: () => 0, decodeKey: () => 0 } as const;

/**
 * One order of GET /api/mcp-servers as SQL: the key, then the name, both ascending or both descending, so the
 * order is total and a cursor (the last row's key and name) pages without gaps or repeats. The previous page is
 * the same comparison reversed. Key expressions read the same on SQLite and PostgreSQL.
 */
export function serverOrder(sort: ServerSort): Order {
  const isDescending = sort.startsWith("-");
  const field = sort.replace(/^-/, "");
  if (field === "modified") {
    return { key: Prisma.sql`"modifiedAt"`, isDescending, encodeKey: (value) => new Date(value as Date | string).toISOString(), decodeKey: toDate };
  }
  if (field === "transport") {
    return { key: Prisma.sql`"transportType"`, isDescending, encodeKey: String, decodeKey: (value) => oneOf(value, TRANSPORT_TYPES) };
  }
  if (field === "health") return { key: healthRank(), isDescending, encodeKey: Number, decodeKey: toRank };
  return { ...NAME_ONLY, isDescending };
}

/** Rows after `position` in this order (`isBackwards`: at or before it, for the previous page). */
export function afterSql(order: Order, position: SortPosition | undefined, isBackwards = false): Prisma.Sql {
  if (!position) return Prisma.sql`1 = 1`;
  // Forwards in an ascending order, or backwards in a descending one, the keys go up.
  const isGoingUp = order.isDescending === isBackwards;
  const beyond = isGoingUp ? Prisma.sql`>` : Prisma.sql`<`;
  const nameBeyond = isBackwards ? (isGoingUp ? Prisma.sql`>=` : Prisma.sql`<=`) : beyond;
  const byName = Prisma.sql`"name" ${nameBeyond} ${position.name}`;
  if (!order.key) return byName;
  return Prisma.sql`(${order.key} ${beyond} ${position.key} OR (${order.key} = ${position.key} AND ${byName}))`;
}

export function orderBySql(order: Order, isBackwards = false): Prisma.Sql {
  return orderOf(order.key, Prisma.sql`"name"`, order.isDescending === isBackwards);
}

/** The same order over a derived table that selected the key as "sortKey" beside "name". */
export function orderOfPageSql(order: Order, table: string): Prisma.Sql {
  const column = (name: string) => Prisma.raw(`${table}."${name}"`);
  return orderOf(order.key && column("sortKey"), column("name"), !order.isDescending);
}

function orderOf(key: Prisma.Sql | null, name: Prisma.Sql, isAscending: boolean): Prisma.Sql {
  const direction = isAscending ? Prisma.sql`ASC` : Prisma.sql`DESC`;
  return key ? Prisma.sql`${key} ${direction}, ${name} ${direction}` : Prisma.sql`${name} ${direction}`;
}

export function keySql(order: Order): Prisma.Sql {
  return order.key ?? Prisma.sql`NULL`;
}

/** A name order's cursor is the name alone (as before sorting existed); the others carry `[key, name]`. */
export function encodeSortCursor(order: Order, row: { name: string; sortKey: unknown }): string {
  if (!order.key) return encodeNameCursor(row.name);
  return Buffer.from(JSON.stringify([order.encodeKey(row.sortKey), row.name]), "utf8").toString("base64url");
}

export function decodeSortCursor(order: Order, cursor: string): SortPosition {
  if (!order.key) return { key: null, name: decodeNameCursor(cursor) };
  try {
    const [key, name] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    return { key: order.decodeKey(key), name: checkName(name) };
  } catch {
    throw new InvalidInputError("The cursor is not one this server gave out for this order.", [{ path: "/cursor", message: "is invalid" }]);
  }
}

function healthRank(): Prisma.Sql {
  // Constants written into the SQL, not parameters: PostgreSQL cannot type a parameter in a CASE result.
  const cases = HEALTH_RANK.map((status, rank) => `WHEN '${status}' THEN ${rank}`).join(" ");
  const unknown = HEALTH_RANK.indexOf("unknown");
  // A server never probed has no health row: it ranks as "unknown".
  return Prisma.raw(`COALESCE((SELECT CASE "status" ${cases} END FROM "ServerHealth" WHERE "ServerHealth"."serverId" = "Server"."id"), ${unknown})`);
}

function checkName(value: unknown): string {
  if (typeof value !== "string" || !NAME_PATTERN.test(value)) throw new Error("not a name");
  return value;
}

function toDate(value: unknown): Date {
  if (typeof value !== "string" || Number.isNaN(Date.parse(value))) throw new Error("not a time");
  return new Date(value);
}

function toRank(value: unknown): number {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= HEALTH_RANK.length) throw new Error("not a rank");
  return value as number;
}

function oneOf<T extends string>(value: unknown, options: readonly T[]): T {
  if (!options.includes(value as T)) throw new Error("not an option");
  return value as T;
}
