import { queryOptions } from "@tanstack/react-query";

import type { ConflictPolicy, ExportBundle, ImportFormat, MERGE_FORMATS, MergeImportReport } from "../schemas/import";
import type { SyncStatus } from "../schemas/sync";
import { useWrite } from "./entity";
import { fetchJson, isProblem } from "./fetch-json";
import { serverKeys } from "./servers";

/** `tool-registry-md` imports into one server (`server`), created from `url` or `command` when absent. */
export type ImportChoices = {
  onConflict: ConflictPolicy; secrets: "keep" | "placeholders"; format: ImportFormat | (typeof MERGE_FORMATS)[number] | "auto";
  server?: string; url?: string; command?: string;
};
type ImportReport = MergeImportReport;
/** A report either way: `isRefused` when on_conflict=fail turned the import down (422) and nothing was written. */
export type ImportOutcome = { report: ImportReport; isRefused: boolean; detail: string | null };
export type ImportRequest = { text: string; choices: ImportChoices; dryRun: boolean };

/** POST /api/import with the file's text as it is; 200 and 422 both carry a report, anything else throws. */
async function postImport({ text, choices, dryRun }: ImportRequest): Promise<ImportOutcome> {
  // details: each server's transport, for the preview.
  const query = new URLSearchParams({ on_conflict: choices.onConflict, secrets: choices.secrets, details: "true" });
  if (choices.format !== "auto") query.set("format", choices.format);
  if (choices.format === "tool-registry-md") {
    for (const key of ["server", "url", "command"] as const) if (choices[key]?.trim()) query.set(key, choices[key].trim());
  }
  if (dryRun) query.set("dry_run", "true");

  try {
    return { report: await fetchJson<ImportReport>(`/api/import?${query}`, { method: "POST", text }), isRefused: false, detail: null };
  } catch (error) {
    if (!isProblem(error, 422) || !Array.isArray(error.problem.created)) throw error;
    const { dry_run, format, created, updated, skipped, renamed, errors } = error.problem as unknown as ImportReport;
    return { report: { dry_run, format, created, updated, skipped, renamed, errors }, isRefused: true, detail: error.problem.detail ?? null };
  }
}

/** Imports a file; a real (not dry-run, not refused) import refreshes every server list and detail. */
export function useImport() {
  return useWrite(postImport, (client, outcome) => {
    if (!outcome.report.dry_run && !outcome.isRefused) void client.invalidateQueries({ queryKey: serverKeys.all });
  });
}

/** GET /api/export on demand (a button, not a page load). */
export function useExport() {
  return useWrite(() => fetchJson<ExportBundle>("/api/export"));
}

export const syncKeys = { status: ["sync", "status"] as const };

/** Sync runs in the background: the panel re-reads its status every few seconds. */
const SYNC_REFRESH_MS = 5_000;

export function syncStatusQuery() {
  return queryOptions({
    queryKey: syncKeys.status,
    queryFn: ({ signal }) => fetchJson<SyncStatus>("/api/sync", { signal }),
    refetchInterval: SYNC_REFRESH_MS,
  });
}
