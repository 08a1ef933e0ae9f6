import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { exportBundle } from "../import/export-bundle";
import { importBundle } from "../import/import-bundle";
import { importToolRegistry } from "../import/import-tool-registry";
import { TOOL_REGISTRY_FORMAT } from "../formats/tool-registry-md";
import { ImportRefusedError } from "../errors";
import { CONFLICT_POLICIES, IMPORT_FORMATS, type ImportReport, type MergeImportReport } from "../schemas/import";
import { readBundleDirectory, toJsonFile, writeBundleDirectory } from "./bundle-files";

export const IMPORT_USAGE = `import <file|dir> [--on-conflict ${CONFLICT_POLICIES.join("|")}] [--dry-run] [--format <${IMPORT_FORMATS.join("|")}>] [--secrets keep|placeholders]
       import <file.md> --format ${TOOL_REGISTRY_FORMAT} --server <name> [--url <http URL> | --command <stdio command line>] [--dry-run]`;
export const EXPORT_USAGE = "export <file.json|dir>";

export class UsageError extends Error {}

/**
 * `import <file|dir>`: a file in any import format, or a seed 003 directory (`mcp-servers/<name>/mcp-server.json` …);
 * `--format tool-registry-md`: seed 002's markdown into `--server`, created from `--url` or `--command` when absent.
 * Prints the report as JSON on stdout and a summary on stderr; exits 1 when on_conflict=fail refuses the import.
 */
export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      "on-conflict": { type: "string", default: "fail" },
      "dry-run": { type: "boolean", default: false },
      format: { type: "string" },
      secrets: { type: "string", default: "keep" },
      server: { type: "string" },
      url: { type: "string" },
      command: { type: "string" },
    },
  });
  if (values.format === TOOL_REGISTRY_FORMAT) {
    if (positionals.length !== 1) throw new UsageError(IMPORT_USAGE);
    const text = fs.readFileSync(positionals[0], "utf8");
    const report = await importToolRegistry(text, { server: values.server, url: values.url, command: values.command }, { dryRun: values["dry-run"], actor: "cli" });
    printReport(report, summaryOf(report));
    return 0;
  }
  if (values.server !== undefined || values.url !== undefined || values.command !== undefined) {
    throw new UsageError(`--server, --url and --command go with --format ${TOOL_REGISTRY_FORMAT}.\n${IMPORT_USAGE}`);
  }
  const onConflict = CONFLICT_POLICIES.find((policy) => policy === values["on-conflict"]);
  const format = IMPORT_FORMATS.find((candidate) => candidate === values.format);
  const isBadSecrets = values.secrets !== "keep" && values.secrets !== "placeholders";
  if (positionals.length !== 1 || !onConflict || (values.format !== undefined && !format) || isBadSecrets) throw new UsageError(IMPORT_USAGE);

  const [source] = positionals;
  const isDirectory = fs.statSync(source).isDirectory();
  if (isDirectory && format && format !== "native") throw new UsageError("A directory is read in seed 003's layout; --format does not apply.");
  const text = isDirectory ? readBundleDirectory(source) : fs.readFileSync(source, "utf8");

  const options = { format: isDirectory ? "native" as const : format, onConflict, dryRun: values["dry-run"], secretsToPlaceholders: values.secrets === "placeholders" };
  try {
    const report = await importBundle(text, options, { actor: "cli" });
    printReport(report, summaryOf(report));
    return 0;
  } catch (error) {
    if (!(error instanceof ImportRefusedError)) throw error;
    printReport(error.report as ImportReport, error.message);
    return 1;
  }
}

/** `export <file.json|dir>`: the native bundle as one file, or seed 003's layout in a directory. */
export async function exportCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError(EXPORT_USAGE);

  const [target] = positionals;
  // The CLI runs with the database's own access: an operator's backup keeps every value.
  const bundle = await exportBundle({ canReadBlueprintSecrets: true, canReadStoredSecrets: true });
  if (/\.jsonc?$/i.test(target)) {
    fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    fs.writeFileSync(target, toJsonFile(bundle));
  } else {
    writeBundleDirectory(target, bundle);
  }
  console.error(`Exported ${bundle.mcp_servers.length} servers, ${bundle.capabilities.length} capabilities and ${bundle.agents.length} agents to ${target}`);
  return 0;
}

function printReport(report: ImportReport | MergeImportReport, summary: string) {
  console.log(toJsonFile(report).trimEnd());
  console.error(summary);
}

function summaryOf(report: ImportReport | MergeImportReport): string {
  const counts = `${report.created.length} created, ${report.updated.length} updated, ${report.skipped.length} skipped, ${report.renamed.length} renamed, ${report.errors.length} errors`;
  return `${report.dry_run ? "Dry run, nothing written" : "Imported"} (${report.format}): ${counts}`;
}
