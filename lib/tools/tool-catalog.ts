import { getDb, type Tx } from "../db";
import { Prisma } from "../generated/prisma/client";
import type { ProbeTool } from "../mcp/types";
import { toolsetFingerprint } from "./fingerprint";
import { toToolDefinition, type ToolDefinition } from "./tool-definition";
import { diffToolsets, isEmptyDiff, type ToolsetDiff } from "./toolset-diff";
import { columnsOf, fingerprintTool, type CatalogRow, type FingerprintedTool } from "./catalog-columns";
import { deletePromptCatalog } from "./prompt-catalog";

/** How a server's toolset is pinned: trust on first use unless its `tool_policy.pin` says `manual`. */
export type PinMode = "trust_on_first_use" | "manual";

export type IngestedToolset = {
  toolsetFingerprint: string;
  /** The current toolset differs from the pin. */
  drift: boolean;
  /** Set when this probe saw a toolset never seen before that differs from the pin: one drift event recorded. */
  newDrift: ToolsetDiff | null;
};


/**
 * Stores what a successful probe's `tools/list` said for (server, environment) (DESIGN §11). The same toolset
 * again only moves `last_seen_at` (one statement per table); another one replaces the catalog rows that changed
 * (batched, in the same transaction),
 * pins on first use (unless `manual`), and — once per toolset fingerprint — records a drift event against the pin.
 */
export async function ingestToolset(
  serverId: number, environment: string, instructions: string | null, probed: readonly ProbeTool[], pinMode: PinMode, now = new Date(),
): Promise<IngestedToolset> {
  const tools = new Map<string, FingerprintedTool>();
  for (const tool of probed) {
    const definition = toToolDefinition(tool);
    tools.set(definition.name, fingerprintTool(definition));
  }
  const fingerprint = toolsetFingerprint(instructions, [...tools.values()].map((tool) => ({ name: tool.definition.name, fingerprint: tool.fingerprint })));
  // One transaction: the same toolset again only moves `last_seen_at`; another one is written beside its pin.
  return getDb().$transaction(async (tx) => {
    const current = await tx.toolset.findUnique({ where: { serverId_environment: { serverId, environment } } });
    if (current?.fingerprint === fingerprint) {
      await tx.toolset.update({ where: { serverId_environment: { serverId, environment } }, data: { lastSeenAt: now } });
      await tx.catalogTool.updateMany({ where: { serverId, environment }, data: { lastSeenAt: now } });
      return { toolsetFingerprint: fingerprint, drift: current.drift, newDrift: null };
    }

    await replaceCatalogRows(tx, serverId, environment, tools, now, current !== null);
    const currentTools = Object.fromEntries([...tools].map(([name, tool]) => [name, tool.definition]));
    const pinFirstUse = !current?.pinnedTools && pinMode === "trust_on_first_use";
    const pinned = pinFirstUse ? currentTools : current?.pinnedTools ? (JSON.parse(current.pinnedTools) as Record<string, ToolDefinition>) : null;
    const drift = pinned !== null && !pinFirstUse && current?.pinnedFingerprint !== fingerprint;
    const diff = drift ? diffToolsets(pinned, currentTools) : null;

    const pin = !pinFirstUse ? null : {
      tools: JSON.stringify(currentTools),
      fingerprints: JSON.stringify(Object.fromEntries([...tools].map(([name, tool]) => [name, tool.fingerprint]))),
    };
    await writeToolset(tx, { serverId, environment, fingerprint, instructions, drift, now }, pin);

    let newDrift: ToolsetDiff | null = null;
    if (drift && diff && !isEmptyDiff(diff)) {
      const seen = await tx.driftEvent.findUnique({ where: { serverId_environment_toolsetFingerprint: { serverId, environment, toolsetFingerprint: fingerprint } }, select: { id: true } });
      if (!seen) {
        await tx.driftEvent.create({ data: { serverId, environment, at: now, toolsetFingerprint: fingerprint, changes: JSON.stringify(diff) } });
        newDrift = diff;
      }
    }
    return { toolsetFingerprint: fingerprint, drift, newDrift };
  });
}

type ToolsetRow = { serverId: number; environment: string; fingerprint: string; instructions: string | null; drift: boolean; now: Date };

/**
 * Inserts or updates the toolset row of (server, environment); with `pin`, this toolset becomes the pin (trust on
 * first use, so no one pinned it). Written as SQL: Prisma's upsert carried the pin's JSON — the whole toolset,
 * twice — through its query compiler, which cost a third of a new toolset's ingest.
 */
async function writeToolset(tx: Tx, row: ToolsetRow, pin: { tools: string; fingerprints: string } | null) {
  const pinned = pin === null ? Prisma.empty : Prisma.sql`, "pinnedTools" = excluded."pinnedTools", "pinnedFingerprints" = excluded."pinnedFingerprints",
    "pinnedFingerprint" = excluded."pinnedFingerprint", "pinnedBy" = excluded."pinnedBy", "pinnedAt" = excluded."pinnedAt"`;
  await tx.$executeRaw`INSERT INTO "Toolset" ("serverId", "environment", "fingerprint", "instructions", "drift", "lastSeenAt",
      "pinnedTools", "pinnedFingerprints", "pinnedFingerprint", "pinnedBy", "pinnedAt")
    VALUES (${row.serverId}, ${row.environment}, ${row.fingerprint}, ${row.instructions}, ${row.drift}, ${row.now},
      ${pin?.tools ?? null}, ${pin?.fingerprints ?? null}, ${pin === null ? null : row.fingerprint}, ${null}, ${pin === null ? null : row.now})
    ON CONFLICT ("serverId", "environment") DO UPDATE SET "fingerprint" = excluded."fingerprint", "instructions" = excluded."instructions",
      "drift" = excluded."drift", "lastSeenAt" = excluded."lastSeenAt"${pinned}`;
}

/**
 * The catalog rows of (server, environment) become `tools`, in at most three statements: removed and changed
 * rows deleted, new and changed ones inserted (a changed tool keeps when it was first seen), unchanged ones seen.
 */
async function replaceCatalogRows(tx: Tx, serverId: number, environment: string, tools: Map<string, FingerprintedTool>, now: Date, hasToolset: boolean) {
  // Catalog rows are written and deleted with their toolset: without one there are none to read.
  const existing = !hasToolset ? [] : await tx.catalogTool.findMany({ where: { serverId, environment }, select: { id: true, name: true, fingerprint: true, firstSeenAt: true } });
  const known = new Map(existing.map((row) => [row.name, row]));
  const same = new Set<number>();
  const written: CatalogRow[] = [];
  for (const [name, tool] of tools) {
    const row = known.get(name);
    if (row?.fingerprint === tool.fingerprint) same.add(row.id);
    else written.push({ serverId, environment, name, ...columnsOf(tool), firstSeenAt: row?.firstSeenAt ?? now, lastSeenAt: now });
  }
  const gone = existing.filter((row) => !same.has(row.id)).map((row) => row.id);
  if (gone.length > 0) await tx.catalogTool.deleteMany({ where: { id: { in: gone } } });
  // What is left of the old rows once those are gone is exactly the unchanged ones.
  if (same.size > 0) await tx.catalogTool.updateMany({ where: { serverId, environment }, data: { lastSeenAt: now } });
  await insertCatalogRows(tx, written);
}

/** Rows per INSERT: 9 parameters each stays far below SQLite's 32,766 and PostgreSQL's 65,535. */
const INSERT_BATCH = 1_000;

/**
 * One multi-row INSERT per batch, written as SQL: Prisma's createMany maps every value of every row through its
 * query engine and splits at SQLite's old 999-parameter limit, which cost a new 100-tool toolset more than all its SQL.
 */
export async function insertCatalogRows(tx: Tx, rows: CatalogRow[]) {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const values = rows.slice(start, start + INSERT_BATCH).map((row) => Prisma.sql`(${row.serverId}, ${row.environment}, ${row.name},
      ${row.fingerprint}, ${row.definition}, ${row.searchText}, ${row.hints}, ${row.firstSeenAt}, ${row.lastSeenAt})`);
    await tx.$executeRaw`INSERT INTO "CatalogTool" ("serverId", "environment", "name", "fingerprint", "definition", "searchText",
      "hints", "firstSeenAt", "lastSeenAt") VALUES ${Prisma.join(values)}`;
  }
}

/** Whether a successful probe ever stored a toolset for (server, environment). */
export async function hasToolset(serverId: number, environment: string): Promise<boolean> {
  const row = await getDb().toolset.findUnique({ where: { serverId_environment: { serverId, environment } }, select: { serverId: true } });
  return row !== null;
}

/** The drift flag of (server, environment), for a probe that did not reach the server: drift stays until re-pinned. */
export async function readDriftFlag(serverId: number, environment: string): Promise<boolean> {
  const row = await getDb().toolset.findUnique({ where: { serverId_environment: { serverId, environment } }, select: { drift: true } });
  return row?.drift ?? false;
}

/** A deleted server's catalog (declared tools too), toolsets and drift events go with it, and so do its prompts. */
export async function deleteToolCatalog(tx: Tx, serverId: number): Promise<void> {
  await tx.catalogTool.deleteMany({ where: { serverId } });
  await tx.toolset.deleteMany({ where: { serverId } });
  await tx.driftEvent.deleteMany({ where: { serverId } });
  await deletePromptCatalog(tx, serverId);
}
