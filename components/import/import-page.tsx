"use client";

import { RequiresRole } from "@/components/roles/requires-role";
import { IMPORT_FORMATS } from "@/lib/schemas/import";
import { ExportButton } from "./export-button";
import { ImportWorkflow } from "./import-workflow";
import { QueryBoundary } from "./query-boundary";

export function ImportPage() {
  return (
    <QueryBoundary>
      <div className="mx-auto max-w-4xl space-y-10 p-6">
        <h1 className="text-2xl font-semibold">Import and export</h1>

        <section aria-labelledby="import-heading" className="space-y-4">
          <h2 id="import-heading" className="text-lg font-semibold">Import servers</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            A Patchbay export, an official MCP registry file, a Claude Desktop, Cursor or VS Code config, or any of
            the formats {IMPORT_FORMATS.join(", ")}. You see what would happen before anything is written.
          </p>
          <RequiresRole role="admin" fallback={<p className="text-sm">Importing writes many definitions at once, so only an admin can import.</p>}>
            <ImportWorkflow />
          </RequiresRole>
        </section>

        <section aria-labelledby="export-heading" className="space-y-4">
          <h2 id="export-heading" className="text-lg font-semibold">Export</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Every definition as entered, in a file this page imports back unchanged. It holds any literal secrets
            typed into definitions: keep it safe.
          </p>
          <RequiresRole role="editor" fallback={<p className="text-sm">Exporting needs the editor role: the file holds literal secrets.</p>}>
            <ExportButton />
          </RequiresRole>
        </section>
      </div>
    </QueryBoundary>
  );
}
