import { useMutation, useQueryClient } from "@tanstack/react-query";

import type { ConflictPolicy, ExportBundle, ImportFormat, ImportReport } from "../schemas/import";

export type ImportChoices = { onConflict: ConflictPolicy; secrets: "keep" | "placeholders"; format: ImportFormat | "auto" };
/** A report either way: `isRefused` when on_conflict=fail turned the import down (422) and nothing was written. */
export type ImportOutcome = { report: ImportReport; isRefused: boolean; detail: string | null };
type ImportRequest = { text: string; choices: ImportChoices; dryRun: boolean };

/** POST /api/import with the file's text as it is; 200 and 422 both carry a report, anything else throws. */
export async function postImport({ text, choices, dryRun }: ImportRequest): Promise<ImportOutcome> {
  const query = new URLSearchParams({ on_conflict: choices.onConflict, secrets: choices.secrets });
  if (choices.format !== "auto") query.set("format", choices.format);
  if (dryRun) query.set("dry_run", "true");

  const response = await fetch(`/api/import?${query}`, {
    method: "POST",
    headers: { "Content-Type": "text/plain; charset=utf-8", Accept: "application/json" },
    body: text,
  });
  const body = await response.json().catch(() => null);
  if (response.ok) return { report: body, isRefused: false, detail: null };
  if (response.status === 422 && Array.isArray(body?.created)) {
    const { dry_run, format, created, updated, skipped, renamed, errors } = body;
    return { report: { dry_run, format, created, updated, skipped, renamed, errors }, isRefused: true, detail: body.detail };
  }
  throw new Error(body?.detail ?? `The import failed (HTTP ${response.status}).`);
}

export function useImportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport,
    // ["servers"] is the prefix of every server query (serverKeys.all): lists and details show the imported ones.
    onSuccess: (outcome) => {
      if (!outcome.report.dry_run && !outcome.isRefused) void queryClient.invalidateQueries({ queryKey: ["servers"] });
    },
  });
}

export async function fetchExport(): Promise<ExportBundle> {
  const response = await fetch("/api/export", { headers: { Accept: "application/json" } });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new Error(body?.detail ?? `The export failed (HTTP ${response.status}).`);
  return body;
}

export function useExportMutation() {
  return useMutation({ mutationFn: fetchExport });
}
