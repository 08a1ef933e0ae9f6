import { getDb, type Tx } from "../db";
import { ImportRefusedError, InvalidInputError } from "../errors";
import { convert } from "../formats/detect";
import { checkServers } from "../import/check-servers";
import { deferredEntities } from "../import/deferred-entities";
import { planServerImport } from "../import/plan-import";
import type { ImportOptions, ImportReport } from "../schemas/import";
import { findExistingServers, writeServerImport } from "./import-servers";

/** A big import holds SQLite's write lock for its whole transaction; allow it time on a busy machine. */
const TRANSACTION_TIMEOUT_MS = 120_000;

/**
 * DESIGN §6: text in any import format → converted, every entry validated, written in one transaction.
 * `fail` refuses the whole import (ImportRefusedError, 422) on any invalid entry or taken name; `skip` and
 * `overwrite` write what they can and report the rest. A dry run reports exactly what the real call would do.
 */
export async function importBundle(text: string, options: ImportOptions, { actor }: { actor: string }): Promise<ImportReport> {
  const bundle = convert(text, { format: options.format, secretsToPlaceholders: options.secretsToPlaceholders });
  if (!bundle.format) {
    const [problem] = bundle.errors;
    throw new InvalidInputError(`The body ${problem?.message ?? "is in no known format"}.`, bundle.errors);
  }
  const format = bundle.format;
  const checked = checkServers(bundle.servers);

  // A dry run only reads, so it needs no transaction (nor SQLite's write lock).
  const run = async (db: Tx) => {
    const existing = await findExistingServers(db, checked.valid.map(({ server }) => server.name));
    const plan = planServerImport(checked.valid, existing, options.onConflict);
    const errors = [...bundle.errors, ...checked.errors, ...plan.conflicts];
    const isRefused = options.onConflict === "fail" && errors.length > 0;

    const report: ImportReport = {
      dry_run: options.dryRun,
      format,
      created: isRefused ? [] : plan.create.map(({ name }) => ({ name })),
      updated: isRefused ? [] : plan.update.map(({ server }) => ({ name: server.name })),
      skipped: [...bundle.skipped, ...plan.skipped, ...deferredEntities(bundle)],
      renamed: bundle.renamed,
      errors,
    };
    if (isRefused) throw new ImportRefusedError(refusal(errors.length, plan.conflicts.length, options.dryRun), report);
    if (!options.dryRun) await writeServerImport(db, plan, { actor, at: new Date() });
    return report;
  };

  if (options.dryRun) return run(getDb());
  return getDb().$transaction(run, { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 10_000 });
}

function refusal(errorCount: number, conflictCount: number, isDryRun: boolean): string {
  const invalid = errorCount - conflictCount;
  const reasons = [
    invalid > 0 ? `${invalid} ${invalid === 1 ? "problem" : "problems"} with the entries` : "",
    conflictCount > 0 ? `${conflictCount} ${conflictCount === 1 ? "name that already exists" : "names that already exist"}` : "",
  ].filter(Boolean);
  return `Nothing ${isDryRun ? "would be" : "was"} imported (on_conflict=fail is all or nothing): ${reasons.join(" and ")}. Fix them, or import with on_conflict=skip or overwrite.`;
}
