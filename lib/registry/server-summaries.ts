import type { ServerSummary } from "../schemas/server-output";
import { processSlot } from "../runtime/runtime";
import { toServerSummary } from "./server-record";

/** A server's list summary without its health, which changes without a new revision. */
export type StoredSummary = Omit<ServerSummary, "health">;
type Key = { id: number; revision: number; modifiedAt: Date };

const MAX_ENTRIES = 50_000;
// One map per process, shared by every route bundle: a summary is the same wherever it is asked for.
const summaries = processSlot("data.serverSummaries", () => new Map<string, StoredSummary>());

/**
 * List pages keep a summary per server revision, so a page parses no definition it has summarised before.
 * Keyed by row id (never reused), revision and modification time: every write of a definition changes
 * the revision, so an entry can never stand for another definition. Bounded; the oldest go first.
 */
export function knownSummary(row: Key): StoredSummary | undefined {
  return summaries.get(keyOf(row));
}

export function summarise(row: Key & { definition: string; createdAt: Date }): StoredSummary {
  const { health: _health, ...summary } = toServerSummary(row);
  if (summaries.size >= MAX_ENTRIES) summaries.delete(summaries.keys().next().value!);
  summaries.set(keyOf(row), summary);
  return summary;
}

function keyOf({ id, revision, modifiedAt }: Key): string {
  return `${id}:${revision}:${modifiedAt.getTime()}`;
}
