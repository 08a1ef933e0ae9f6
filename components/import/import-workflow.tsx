"use client";

import { useState } from "react";

import { useImport, type ImportChoices, type ImportOutcome } from "@/lib/query/import-export";
import { FilePicker, type PickedFile } from "./file-picker";
import { ImportOptions } from "./import-options";
import { PASTED_NAME, PasteBox } from "./paste-box";
import { ImportReportView, summarize } from "./import-report";

const DEFAULT_CHOICES: ImportChoices = { onConflict: "fail", secrets: "keep", format: "auto" };

/** Pick a file or paste its text → a dry run shows what would happen (again after every option change) → confirm runs the import. */
export function ImportWorkflow() {
  const [file, setFile] = useState<PickedFile | null>(null);
  const [choices, setChoices] = useState(DEFAULT_CHOICES);
  const preview = useImport();
  const commit = useImport();

  function check(nextFile: PickedFile | null, nextChoices: ImportChoices) {
    commit.reset();
    if (nextFile) preview.mutate({ text: nextFile.text, choices: nextChoices, dryRun: true });
  }
  function startOver() {
    setFile(null);
    preview.reset();
    commit.reset();
  }

  const shown = commit.data ?? preview.data;
  const writes = preview.data && !preview.data.isRefused ? preview.data.report.created.length + preview.data.report.updated.length : 0;
  const isDone = commit.isSuccess && !commit.data.isRefused;
  const error = commit.error ?? preview.error;

  return (
    <div className="space-y-6">
      <div className="grid gap-4 md:grid-cols-2">
        <FilePicker file={file} onFile={(next) => { setFile(next); check(next, choices); }} />
        <PasteBox onPaste={(next) => { setFile(next); check(next, choices); }} />
      </div>
      <ImportOptions value={choices} onChange={(next) => { setChoices(next); check(file, next); }} />

      <div role="status" aria-live="polite" className="text-sm" data-testid="import-status">
        {preview.isPending && `Checking ${file?.name === PASTED_NAME ? "the pasted text" : "the file"} (dry run)…`}
        {commit.isPending && "Importing…"}
        {!preview.isPending && !commit.isPending && shown && statusOf(shown, commit.isSuccess)}
      </div>
      {error && <p role="alert" className="text-sm text-red-600 dark:text-red-400">{error.message}</p>}

      {shown && <ImportReportView report={shown.report} />}

      <div className="flex gap-3">
        {isDone ? (
          <button type="button" onClick={startOver} className={SECONDARY}>Import another file</button>
        ) : (
          <button type="button" onClick={() => file && commit.mutate({ text: file.text, choices, dryRun: false })} disabled={writes === 0 || preview.isPending || commit.isPending} className={PRIMARY}>
            {writes === 0 ? "Nothing to import" : `Import ${writes} ${writes === 1 ? "server" : "servers"}`}
          </button>
        )}
      </div>
    </div>
  );
}

function statusOf(outcome: ImportOutcome, isCommitted: boolean): string {
  if (outcome.isRefused) return outcome.detail ?? "Nothing would be imported.";
  return isCommitted ? summarize(outcome.report) : `${summarize(outcome.report)} Nothing is written until you import.`;
}

const FOCUS = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600";
const PRIMARY = `rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500 disabled:opacity-50 ${FOCUS}`;
const SECONDARY = `rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800 ${FOCUS}`;
