"use client";

import { useExport } from "@/lib/query/import-export";
import type { ExportBundle } from "@/lib/schemas/import";

/** Downloads the native bundle (GET /api/export), which the import above takes back unchanged. */
export function ExportButton() {
  const exporter = useExport();

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={() => exporter.mutate(undefined, { onSuccess: download })}
        disabled={exporter.isPending}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        {exporter.isPending ? "Exporting…" : "Download the export"}
      </button>
      <p aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
        {exporter.isSuccess && `Downloaded ${exporter.data.mcp_servers.length} servers.`}
        {exporter.isError && <span role="alert" className="text-red-600 dark:text-red-400">{exporter.error.message}</span>}
      </p>
    </div>
  );
}

function download(bundle: ExportBundle) {
  const url = URL.createObjectURL(new Blob([`${JSON.stringify(bundle, null, 2)}\n`], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `patchbay-export-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
