import { v7 as timeOrderedUuid } from "uuid";

import { Prisma } from "../generated/prisma/client";
import { getDb } from "../db";
import { insertRowsDirectly } from "../db/sqlite-direct-write";
import { sqlitePathFromUrl } from "../db/sqlite-path";
import { writeBehind, type WriteBehind } from "../db/write-behind";
import { getConfig, isPostgresUrl } from "../env";
import { InvalidInputError } from "../errors";
import { onShutdown, processSlot } from "../runtime/runtime";
import type { Call, CallListQuery, CallSummary, CallSummaryQuery } from "../schemas/calls";

export type CallRecord = Omit<Call, "id" | "at"> & { at: Date };

/** The call log keeps this many days; older rows are swept away in the background. */
export const CALL_RETENTION_DAYS = 7;
const SWEEP_EVERY_MS = 10 * 60_000;
const ERROR_OUTCOMES = new Set(["tool_error", "upstream_error", "timeout", "circuit_open"]);
let lastSweptAt = 0;

/** How long a logged call waits to share its INSERT with the calls after it. */
const CALL_LOG_DELAY_MS = 20;

/**
 * Appends one call to the log (DESIGN §12). Rows are written behind the answer, a few at a time
 * (lib/db/write-behind.ts): readers of the log on this instance flush first, so a caller still reads its own
 * call at once; another instance sees it within CALL_LOG_DELAY_MS. Once Patchbay is stopping, each row is written
 * before its call is answered. A failing write is logged and forgotten, never the caller's problem.
 */
export async function recordCall(call: CallRecord): Promise<void> {
  await callLog().add(call);
  sweepOccasionally();
}

/** One queue per process, shared by every route bundle (the gateway's writes, /api/calls' reads); it writes through once stopping. */
function callLog(): WriteBehind<CallRecord> {
  return processSlot("data.callLog", () => {
    const log = writeBehind(appendCallRows, {
      delayMs: CALL_LOG_DELAY_MS,
      onError: (error, calls) => console.error(`Patchbay: writing ${calls.length} rows of the call log failed (traces ${calls.map((call) => call.trace_id).join(", ")}): ${(error as Error).message}`),
    });
    onShutdown("call log", { stop: () => log.stop() });
    return log;
  });
}

const CALL_COLUMNS = `"id", "at", "targetKind", "targetName", "tool", "serverName", "environment", "caller", "latencyMs", "attempts", "outcome", "argumentsHash", "traceId"`;
const INSERT_CALL = `INSERT INTO "ToolCall" (${CALL_COLUMNS}) VALUES (${CALL_COLUMNS.split(",").map(() => "?").join(", ")})`;

/**
 * The rows in one write. On SQLite without Prisma (lib/db/sqlite-direct-write.ts: its per-query work was most of
 * the log's CPU), each value as Prisma's SQLite adapter writes it (a date as ISO 8601 with `+00:00`), so Prisma
 * reads and compares them as its own; on PostgreSQL as one multi-row INSERT (Prisma's createMany would add a
 * transaction and a query compile per group).
 */
async function appendCallRows(calls: CallRecord[]): Promise<void> {
  const url = getConfig().DATABASE_URL;
  if (!isPostgresUrl(url)) return insertRowsDirectly(sqlitePathFromUrl(url), INSERT_CALL, calls.map((call) => valuesOf(call, call.at.toISOString().replace("Z", "+00:00"))));
  const rows = calls.map((call) => Prisma.sql`(${Prisma.join(valuesOf(call, call.at))})`);
  await getDb().$executeRaw`INSERT INTO "ToolCall" (${Prisma.raw(CALL_COLUMNS)}) VALUES ${Prisma.join(rows)}`;
}

/**
 * A row's values in CALL_COLUMNS' order, with `at` as the engine takes it. The id is a UUIDv7, ordered by time as
 * the rows come, so each lands at the end of the primary key's index instead of anywhere in it (on SQLite, 16-row
 * groups into a log with its four indexes: 24 → 14 µs of CPU per row).
 */
function valuesOf(call: CallRecord, at: Date | string): unknown[] {
  return [
    timeOrderedUuid(), at, targetKindOf(call), call.agent ?? call.capability ?? call.server ?? "", call.tool, call.server, call.environment,
    call.caller, call.latency_ms, call.attempts, call.outcome, call.arguments_hash, call.trace_id,
  ];
}

/** Whose call it was: an agent's or a capability's gateway, or an editor calling a server's tool directly. */
function targetKindOf(call: CallRecord): "agent" | "capability" | "server" {
  return call.agent !== null ? "agent" : call.capability !== null ? "capability" : "server";
}

/** GET /api/calls: newest first, filtered exactly, paged by (at, id). */
export async function listCalls(query: CallListQuery): Promise<{ calls: Call[]; next_cursor: string | null }> {
  await callLog().flush();
  const after = query.cursor ? decodeCallCursor(query.cursor) : undefined;
  const where: Prisma.ToolCallWhereInput = {
    AND: [
      filterOf(query), query.outcome ? { outcome: query.outcome } : {},
      after ? { OR: [{ at: { lt: after.at } }, { at: after.at, id: { lt: after.id } }] } : {},
    ],
  };
  const rows = await getDb().toolCall.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { calls: page.map(toCall), next_cursor: rows.length > query.limit && last ? encodeCallCursor(last) : null };
}

/** GET /api/calls/summary: the last hour in one-minute buckets, from the log. */
export async function summarizeCalls(query: CallSummaryQuery, now = new Date()): Promise<CallSummary> {
  await callLog().flush();
  const bucketMs = 60_000;
  const to = new Date(Math.ceil(now.getTime() / bucketMs) * bucketMs);
  const from = new Date(to.getTime() - 60 * bucketMs);
  const rows = await getDb().toolCall.findMany({
    where: { AND: [filterOf(query), { at: { gte: from, lt: to } }] }, select: { at: true, latencyMs: true, outcome: true },
  });
  const buckets = Array.from({ length: 60 }, () => ({ latencies: [] as number[], errors: 0 }));
  for (const row of rows) {
    const bucket = buckets[Math.floor((row.at.getTime() - from.getTime()) / bucketMs)];
    bucket.latencies.push(row.latencyMs);
    if (ERROR_OUTCOMES.has(row.outcome)) bucket.errors += 1;
  }
  const latencies = rows.map((row) => row.latencyMs);
  return {
    from: from.toISOString(), to: to.toISOString(), bucket_s: bucketMs / 1000,
    totals: {
      count: rows.length, errors: buckets.reduce((sum, bucket) => sum + bucket.errors, 0),
      p50_ms: percentile(latencies, 0.5), p99_ms: percentile(latencies, 0.99),
    },
    buckets: buckets.map((bucket, index) => ({
      start: new Date(from.getTime() + index * bucketMs).toISOString(), count: bucket.latencies.length, errors: bucket.errors,
      p50_ms: percentile(bucket.latencies, 0.5), p99_ms: percentile(bucket.latencies, 0.99),
    })),
  };
}

/** Nearest-rank percentile; null for no values. */
export function percentile(values: number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)];
}

/** Rows older than the retention go, at most once every ten minutes per instance. */
function sweepOccasionally(now = Date.now()): void {
  if (now - lastSweptAt < SWEEP_EVERY_MS) return;
  lastSweptAt = now;
  void getDb().toolCall.deleteMany({ where: { at: { lt: new Date(now - CALL_RETENTION_DAYS * 86_400_000) } } })
    .catch((error) => console.error("Patchbay: sweeping the call log failed:", error));
}

function filterOf(query: { server?: string; agent?: string; capability?: string }): Prisma.ToolCallWhereInput {
  return {
    ...(query.server ? { serverName: query.server } : {}),
    ...(query.agent ? { targetKind: "agent", targetName: query.agent } : {}),
    ...(query.capability ? { targetKind: "capability", targetName: query.capability } : {}),
  };
}

type Row = Awaited<ReturnType<ReturnType<typeof getDb>["toolCall"]["findMany"]>>[number];

function toCall(row: Row): Call {
  return {
    id: row.id, at: row.at.toISOString(),
    agent: row.targetKind === "agent" ? row.targetName : null, capability: row.targetKind === "capability" ? row.targetName : null,
    tool: row.tool, server: row.serverName, environment: row.environment, caller: row.caller, latency_ms: row.latencyMs,
    attempts: row.attempts, outcome: row.outcome as Call["outcome"], arguments_hash: row.argumentsHash, trace_id: row.traceId,
  };
}

function encodeCallCursor(row: { at: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.at.toISOString(), row.id]), "utf8").toString("base64url");
}

function decodeCallCursor(text: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "string" && typeof id === "string" && !Number.isNaN(Date.parse(at))) return { at: new Date(at), id };
  } catch {
    // fall through to the one answer for any cursor not given out here
  }
  throw new InvalidInputError("The cursor is not one this server gave out.", [{ path: "/cursor", message: "is invalid" }]);
}
