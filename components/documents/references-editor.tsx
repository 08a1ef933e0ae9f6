"use client";

import type { ReferenceRow } from "@/lib/forms/reference-rows";
import { ReferenceEditorRow } from "./reference-editor-row";
import { ServerPicker } from "./server-picker";
import type { ReferenceCheck } from "./use-reference-checks";

type ReferencesEditorProps = { rows: ReferenceRow[]; onChange: (rows: ReferenceRow[]) => void; errors: Record<string, string[]>; checks: ReferenceCheck[];
  /** After a save was tried, every row marks its failing parameters, edited or not. */
  isSubmitted?: boolean };

/** The selected servers, one row each, and the picker that adds more. Errors and validate checks are keyed by alias. */
export function ReferencesEditor({ rows, onChange, errors, checks, isSubmitted = false }: ReferencesEditorProps) {
  function add(server: string) {
    const taken = new Set(rows.map((row) => row.alias));
    let alias = server;
    for (let suffix = 2; taken.has(alias); suffix++) alias = `${server}-${suffix}`;
    onChange([...rows, { alias, server, parameters: {} }]);
  }

  return (
    <section aria-labelledby="references-title" className="flex flex-col gap-3">
      <h2 id="references-title" className="text-base font-semibold">Servers</h2>
      {rows.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No servers yet.</p>}
      {rows.map((row, index) => (
        <ReferenceEditorRow key={index} row={row} index={index} errors={errors[row.alias] ?? []} check={checks.find((check) => check.alias === row.alias)} isSubmitted={isSubmitted}
          onChange={(next) => onChange(rows.map((other, at) => (at === index ? next : other)))}
          onRemove={() => onChange(rows.filter((_, at) => at !== index))} />
      ))}
      <ServerPicker selected={rows.flatMap((row) => (row.server ? [row.server] : []))} onAdd={add} />
    </section>
  );
}
