import { agentSpec } from "../registry/agents";
import { capabilitySpec } from "../registry/capabilities";
import { deleteEntity } from "../data/entity-store";
import { importBundle } from "../import/import-bundle";
import { SYNC_ACTOR } from "../data/managed-by";
import { serverSpec } from "../registry/servers";
import { findSyncOrphans } from "../import/sync-managed";
import { ApiError, ConflictError, ImportRefusedError } from "../errors";
import type { ImportReport } from "../schemas/import";
import type { SyncEntry, SyncReport } from "../schemas/sync";
import { readSyncSource } from "./read-sync-source";

/**
 * One sync run (DESIGN §13): the path imported in overwrite mode by actor `sync`, all or nothing; then what it
 * managed and no longer holds is deleted — agents first, so their references go before what they referenced —
 * unless something still references it (kept, `sync-orphan`). A bad path throws nothing: its errors are the report.
 */
export async function runSync(path: string): Promise<{ status: "ok" | "error"; report: SyncReport }> {
  let text: string;
  try {
    text = readSyncSource(path);
  } catch (error) {
    // A missing path, an unreadable file, a folder's file that is not JSON: the message names the file.
    return { status: "error", report: { ...EMPTY_REPORT, errors: [{ path: "", message: (error as Error).message }] } };
  }

  let imported: ImportReport;
  try {
    imported = await importBundle(text, { onConflict: "overwrite", dryRun: false, secretsToPlaceholders: false }, { actor: SYNC_ACTOR, isSync: true });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return { status: "error", report: failedReport(error) };
  }

  const report: SyncReport = {
    format: imported.format,
    created: imported.created.map(toEntry),
    updated: imported.updated.map(toEntry),
    pruned: [],
    kept: [],
    errors: [],
  };
  await pruneOrphans(report);
  return { status: "ok", report };
}

const SPECS = { agent: agentSpec, capability: capabilitySpec, server: serverSpec } as const;

async function pruneOrphans(report: SyncReport): Promise<void> {
  for (const kind of ["agent", "capability", "server"] as const) {
    for (const name of await findSyncOrphans(kind)) {
      try {
        await deleteEntity(SPECS[kind] as never, name, { actor: SYNC_ACTOR, force: false, isSync: true });
        report.pruned.push({ kind, name });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        report.kept.push({ kind, name, reason: error.message });
      }
    }
  }
}

function toEntry(entry: { name: string; kind?: "capability" | "agent" }): SyncEntry {
  return { kind: entry.kind ?? "server", name: entry.name };
}

const EMPTY_REPORT: SyncReport = { format: null, created: [], updated: [], pruned: [], kept: [], errors: [] };

/** An import refused (its report's errors) or a body in no known format (where it breaks). */
function failedReport(error: ApiError): SyncReport {
  const format = error instanceof ImportRefusedError ? ((error.extra?.format ?? null) as SyncReport["format"]) : null;
  return { ...EMPTY_REPORT, format, errors: error.errors?.length ? error.errors : [{ path: "", message: error.message }] };
}
