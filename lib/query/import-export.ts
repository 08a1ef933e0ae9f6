import type { ConflictPolicy, ExportBundle, ImportFormat, ImportReport } from "../schemas/import";
import { fetchJson, isProblem } from "./fetch-json";

export type ImportChoices = { onConflict: ConflictPolicy; secrets: "keep" | "placeholders"; format: ImportFormat | "auto" };
/** A report either way: `isRefused` when on_conflict=fail turned the import down (422) and nothing was written. */
export type ImportOutcome = { report: ImportReport; isRefused: boolean; detail: string | null };
export type ImportRequest = { text: string; choices: ImportChoices; dryRun: boolean };

/** POST /api/import with the file's text as it is; 200 and 422 both carry a report, anything else throws. */
export async function postImport({ text, choices, dryRun }: ImportRequest): Promise<ImportOutcome> {
  const query = new URLSearchParams({ on_conflict: choices.onConflict, secrets: choices.secrets });
  if (choices.format !== "auto") query.set("format", choices.format);
  if (dryRun) query.set("dry_run", "true");

  try {
    return { report: await fetchJson<ImportReport>(`/api/import?${query}`, { method: "POST", text }), isRefused: false, detail: null };
  } catch (error) {
    if (!isProblem(error, 422) || !Array.isArray(error.problem.created)) throw error;
    const { dry_run, format, created, updated, skipped, renamed, errors } = error.problem as unknown as ImportReport;
    return { report: { dry_run, format, created, updated, skipped, renamed, errors }, isRefused: true, detail: error.problem.detail ?? null };
  }
}

export const fetchExport = () => fetchJson<ExportBundle>("/api/export");
