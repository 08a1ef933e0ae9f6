import { getDb, type Tx } from "../db";
import type { FieldError } from "../errors";
import type { CheckedServer } from "./check-servers";
import type { ExistingServer } from "./plan-import";
import { getSyncSource } from "../sync/sync-source";
import type { DocumentImport } from "./import-documents";

/** What one sync run found in its path, by kind: every other entity it managed is no longer there. */
export type SyncedNames = { server: string[]; capability: string[]; agent: string[] };

/**
 * Inside the sync run's transaction: what the path holds becomes `sync`-managed; what it managed and no longer
 * holds becomes `sync-orphan`, for the prune that follows (deleted, or kept and flagged while referenced).
 */
export async function markSyncManaged(tx: Tx, names: SyncedNames): Promise<void> {
  const tables = { server: tx.server, capability: tx.capability, agent: tx.agent } as const;
  for (const kind of ["server", "capability", "agent"] as const) {
    const table = tables[kind] as unknown as {
      updateMany(args: { where: object; data: { managedBy: string } }): Promise<unknown>;
    };
    await table.updateMany({ where: { name: { in: names[kind] } }, data: { managedBy: "sync" } });
    await table.updateMany({ where: { managedBy: "sync", name: { notIn: names[kind] } }, data: { managedBy: "sync-orphan" } });
  }
}

/** The capability and agent names a sync run wrote or found unchanged. */
export function documentNames(documents: DocumentImport): Pick<SyncedNames, "capability" | "agent"> {
  const entries = [...documents.created, ...documents.updated, ...documents.skipped];
  return {
    capability: entries.filter((entry) => entry.kind === "capability").map((entry) => entry.name),
    agent: entries.filter((entry) => entry.kind === "agent").map((entry) => entry.name),
  };
}

/** An import by anyone but sync leaves sync-managed servers alone, reporting each as an error (409's rule). */
export function withoutSyncManaged(entries: CheckedServer[], existing: Map<string, ExistingServer>): { writable: CheckedServer[]; managed: FieldError[] } {
  const where = getSyncSource()?.path ?? "the sync path";
  const writable: CheckedServer[] = [];
  const managed: FieldError[] = [];
  for (const entry of entries) {
    if (existing.get(entry.server.name)?.managedBy === "sync") {
      managed.push({ path: `/servers/${entry.index}/name`, message: `'${entry.server.name}' is managed in ${where}; change it there` });
    } else {
      writable.push(entry);
    }
  }
  return { writable, managed };
}

/** What sync managed and its path no longer holds, awaiting the prune. */
export async function findSyncOrphans(kind: keyof SyncedNames): Promise<string[]> {
  const where = { where: { managedBy: "sync-orphan" }, select: { name: true }, orderBy: { name: "asc" } } as const;
  const db = getDb();
  const rows = kind === "server" ? await db.server.findMany(where) : kind === "capability" ? await db.capability.findMany(where) : await db.agent.findMany(where);
  return rows.map((row) => row.name);
}
