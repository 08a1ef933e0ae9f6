"use client";

import { IMPORT_FORMATS } from "@/lib/schemas/import";
import type { ImportChoices } from "@/lib/query/import-export";

const POLICIES = [
  { value: "fail", label: "Refuse the whole import", hint: "nothing is written if any entry is invalid or its name exists" },
  { value: "skip", label: "Keep the existing server", hint: "write the rest; invalid entries are reported" },
  { value: "overwrite", label: "Replace the existing server", hint: "with the imported definition, as a new revision" },
] as const;

/** The conflict policy, the secrets option and the format; every change runs a new dry run. */
export function ImportOptions({ value, onChange }: { value: ImportChoices; onChange: (choices: ImportChoices) => void }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">When a name already exists</legend>
        {POLICIES.map((policy) => (
          <label key={policy.value} className="mb-1.5 flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="on_conflict"
              value={policy.value}
              checked={value.onConflict === policy.value}
              onChange={() => onChange({ ...value, onConflict: policy.value })}
              className="mt-1 accent-indigo-600"
            />
            <span>{policy.label} <span className="text-slate-600 dark:text-slate-400">— {policy.hint}</span></span>
          </label>
        ))}
      </fieldset>
      <div className="space-y-4">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={value.secrets === "placeholders"}
            onChange={(event) => onChange({ ...value, secrets: event.target.checked ? "placeholders" : "keep" })}
            className="mt-1 accent-indigo-600"
          />
          <span>Turn literal secrets in <code>env</code> and <code>headers</code> into <code>{"${VAR}"}</code> placeholders</span>
        </label>
        <div>
          <label htmlFor="import-format" className="mb-1 block text-sm font-medium">Format</label>
          <select
            id="import-format"
            value={value.format}
            onChange={(event) => onChange({ ...value, format: event.target.value as ImportChoices["format"] })}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-700 dark:bg-slate-900"
          >
            <option value="auto">Detect it</option>
            {IMPORT_FORMATS.map((format) => <option key={format} value={format}>{format}</option>)}
          </select>
        </div>
      </div>
    </div>
  );
}
