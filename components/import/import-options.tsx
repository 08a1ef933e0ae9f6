"use client";

import { TOOL_REGISTRY_FORMAT } from "@/lib/formats/tool-registry-md";
import { IMPORT_FORMATS } from "@/lib/schemas/import";
import type { ImportChoices } from "@/lib/query/import-export";

const POLICIES = [
  { value: "fail", label: "Refuse the whole import", hint: "nothing is written if any entry is invalid or its name exists" },
  { value: "skip", label: "Keep the existing server", hint: "write the rest; invalid entries are reported" },
  { value: "overwrite", label: "Replace the existing server", hint: "with the imported definition, as a new revision" },
] as const;

const TARGET_FIELDS = [
  { key: "server", label: "Server name (created when absent)", placeholder: "tool-registry" },
  { key: "url", label: "Its HTTP URL, to create it", placeholder: "https://mcp.example.com/mcp" },
  { key: "command", label: "or its stdio command line, to create it", placeholder: "npx -y some-mcp-server" },
] as const;

/**
 * The conflict policy, the secrets option and the format; every change runs a new dry run. A markdown tool registry
 * (seed 002) imports into one server, named here, and created from the URL or command line when absent.
 */
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
            <option value={TOOL_REGISTRY_FORMAT}>{TOOL_REGISTRY_FORMAT} (markdown tool registry)</option>
          </select>
        </div>
        {value.format === TOOL_REGISTRY_FORMAT && (
          <fieldset className="space-y-2" data-testid="tool-registry-target">
            <legend className="mb-1 text-sm font-medium">Into which server</legend>
            {TARGET_FIELDS.map((field) => (
              <div key={field.key}>
                <label htmlFor={`import-${field.key}`} className="block text-sm">{field.label}</label>
                <input
                  id={`import-${field.key}`}
                  type="text"
                  value={value[field.key] ?? ""}
                  placeholder={field.placeholder}
                  onChange={(event) => onChange({ ...value, [field.key]: event.target.value })}
                  className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-slate-700 dark:bg-slate-900"
                />
              </div>
            ))}
          </fieldset>
        )}
      </div>
    </div>
  );
}
