import { getDb, TRANSACTION_MAX_WAIT_MS, type Tx } from "../db";
import { ImportRefusedError, InvalidInputError } from "../errors";
import { convert } from "../formats/detect";
import { strippedEnvWarnings } from "../resolve/stripped-env";
import { checkServers } from "./check-servers";
import { summarizeTransport } from "./transport-summary";
import { planServerImport } from "./plan-import";
import type { ImportOptions, ImportReport } from "../schemas/import";
import { importDocuments, type DocumentImport } from "./import-documents";
import { findExistingServers, writeServerImport } from "./import-servers";
import { documentNames, markSyncManaged, withoutSyncManaged } from "./sync-managed";

/** A big import holds SQLite's write lock for its whole transaction; allow it time on a busy machine. */
const TRANSACTION_TIMEOUT_MS = 120_000;

/**
 * DESIGN §6: text in any import format → converted, every entry validated, written in one transaction.
 * `fail` refuses the whole import (ImportRefusedError, 422) on any invalid entry or taken name; `skip` and
 * `overwrite` write what they can and report the rest. A dry run reports exactly what the real call would do.
 * Capabilities and agents of a bundle follow its servers in the same transaction.
 */
export async function importBundle(text: string, options: ImportOptions, { actor, isSync = false }: { actor: string; isSync?: boolean }): Promise<ImportReport> {
  const bundle = convert(text, { format: options.format, secretsToPlaceholders: options.secretsToPlaceholders, capability: options.capability });
  if (!bundle.format) {
    const [problem] = bundle.errors;
    throw new InvalidInputError(`The body ${problem?.message ?? "is in no known format"}.`, bundle.errors);
  }
  const format = bundle.format;
  const checked = checkServers(bundle.servers);
  const warnings = new Map(checked.valid.map(({ server }) => [server.name, strippedEnvWarnings(server)]));
  const transports = new Map(options.details ? checked.valid.map(({ server }) => [server.name, summarizeTransport(server.transport)]) : []);
  const reportEntry = (name: string) => ({
    name,
    ...(transports.get(name) ? { transport: transports.get(name) } : {}),
    ...(bundle.placeholders[name] ? { placeholders: bundle.placeholders[name] } : {}),
    ...(warnings.get(name)?.length ? { warnings: warnings.get(name) } : {}),
  });
  // A sync run is all or nothing whatever its conflict policy: a bad file changes nothing (DESIGN §13).
  const isAllOrNothing = options.onConflict === "fail" || isSync;

  // Everything runs in one transaction; a dry run is the same run rolled back, so its report is exact
  // (capabilities may reference servers of the same bundle).
  const run = async (db: Tx) => {
    const existing = await findExistingServers(db, checked.valid.map(({ server }) => server.name));
    const { writable, managed } = isSync ? { writable: checked.valid, managed: [] } : withoutSyncManaged(checked.valid, existing);
    const plan = planServerImport(writable, existing, options.onConflict);
    const serverErrors = [...bundle.errors, ...checked.errors, ...managed, ...plan.conflicts];
    const report = (documents: DocumentImport, isRefused: boolean): ImportReport => ({
      dry_run: options.dryRun,
      format,
      created: isRefused ? [] : [...plan.create.map(({ name }) => reportEntry(name)), ...documents.created],
      updated: isRefused ? [] : [...plan.update.map(({ server }) => reportEntry(server.name)), ...documents.updated],
      skipped: [...bundle.skipped, ...plan.skipped, ...documents.skipped],
      renamed: bundle.renamed,
      errors: [...serverErrors, ...documents.errors],
    });
    const refuse = (documents: DocumentImport) => {
      const errors = [...serverErrors, ...documents.errors];
      throw new ImportRefusedError(refusal(errors.length, plan.conflicts.length, options.dryRun), report(documents, true));
    };

    if (isAllOrNothing && serverErrors.length > 0) refuse(NO_DOCUMENTS);
    await writeServerImport(db, plan, { actor, at: new Date() });
    const documents = await importDocuments(db, bundle, { onConflict: options.onConflict, actor, isSync });
    if (isAllOrNothing && documents.errors.length > 0) refuse(documents);
    if (isSync) await markSyncManaged(db, { server: checked.valid.map(({ server }) => server.name), ...documentNames(documents) });

    const done = report(documents, false);
    if (options.dryRun) throw new DryRunRollback(done);
    return done;
  };

  try {
    return await getDb().$transaction(run, { timeout: TRANSACTION_TIMEOUT_MS, maxWait: TRANSACTION_MAX_WAIT_MS });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    throw error;
  }
}

const NO_DOCUMENTS: DocumentImport = { created: [], updated: [], skipped: [], errors: [] };

/** Thrown at the end of a dry run to roll its transaction back, carrying the report out. */
class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super("dry run");
  }
}

function refusal(errorCount: number, conflictCount: number, isDryRun: boolean): string {
  const invalid = errorCount - conflictCount;
  const reasons = [
    invalid > 0 ? `${invalid} ${invalid === 1 ? "problem" : "problems"} with the entries` : "",
    conflictCount > 0 ? `${conflictCount} ${conflictCount === 1 ? "name that already exists" : "names that already exist"}` : "",
  ].filter(Boolean);
  return `Nothing ${isDryRun ? "would be" : "was"} imported (on_conflict=fail is all or nothing): ${reasons.join(" and ")}. Fix them, or import with on_conflict=skip or overwrite.`;
}
