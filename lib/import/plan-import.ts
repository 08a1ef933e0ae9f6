import type { FieldError } from "../errors";
import type { Skipped } from "../formats/types";
import type { ConflictPolicy } from "../schemas/import";
import type { ServerInput } from "../schemas/server";
import type { CheckedServer } from "./check-servers";

/** A stored server that an imported entry has the name of. */
export type ExistingServer = { id: number; name: string; revision: number; definition: string; managedBy?: string | null };

export type ServerImportPlan = {
  create: ServerInput[];
  update: { server: ServerInput; current: ExistingServer }[];
  skipped: Skipped[];
  /** Taken names under `fail`: each one refuses the whole import. */
  conflicts: FieldError[];
};

/**
 * What `policy` does with each valid entry: a new name is created; a taken one is a conflict (`fail`), left
 * alone (`skip`) or replaced (`overwrite`) — unless the definition is already exactly what is stored, which
 * would only add a revision that changes nothing.
 */
export function planServerImport(
  entries: CheckedServer[],
  existing: Map<string, ExistingServer>,
  policy: ConflictPolicy,
): ServerImportPlan {
  const plan: ServerImportPlan = { create: [], update: [], skipped: [], conflicts: [] };

  for (const { index, server } of entries) {
    const current = existing.get(server.name);
    if (!current) {
      plan.create.push(server);
    } else if (policy === "fail") {
      plan.conflicts.push({
        path: `/servers/${index}/name`,
        message: `'${server.name}' already exists; import with on_conflict=skip or overwrite to keep or replace it`,
      });
    } else if (policy === "skip") {
      plan.skipped.push({ name: server.name, reason: "already exists" });
    } else if (JSON.stringify(server) === current.definition) {
      plan.skipped.push({ name: server.name, reason: "unchanged: identical to the stored definition" });
    } else {
      plan.update.push({ server, current });
    }
  }
  return plan;
}
