"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { addParameter, editParameter, parameterRows, PARAMETER_TYPES, readSchema, removeParameter, type ParameterRow, type ParameterType } from "@/lib/forms/parameter-builder";

type ParameterBuilderProps = { value: string; onChange: (text: string) => void };

const NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** Parameters as rows (name, type, required, description) that edit the same schema text as the JSON editor beside it. */
export function ParameterBuilder({ value, onChange }: ParameterBuilderProps) {
  const schema = readSchema(value);
  const [draftName, setDraftName] = useState("");
  if (!schema) return <p className="text-sm text-slate-600 dark:text-slate-400">Fix the JSON below to edit the parameters here.</p>;

  const rows = parameterRows(schema);
  const name = draftName.trim();
  const isNameTaken = rows.some((row) => row.name === name);
  const canAdd = NAME_PATTERN.test(name) && !isNameTaken;
  const add = () => {
    if (!canAdd) return;
    onChange(addParameter(value, name));
    setDraftName("");
  };

  return (
    <div role="group" aria-label="Parameters" className="flex flex-col gap-2">
      {rows.length === 0
        ? <p className="text-sm text-slate-600 dark:text-slate-400">No parameters: a <code>{"{{name}}"}</code> in the transport needs one here.</p>
        : <ul className="flex flex-col gap-2">{rows.map((row) => <ParameterRowEditor key={`${row.name}\u0000${row.description}\u0000${row.values.join(",")}`} row={row} value={value} onChange={onChange} />)}</ul>}
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          New parameter
          <Input value={draftName} onChange={(event) => setDraftName(event.target.value)} placeholder="project_id"
            onKeyDown={(event) => { if (event.key === "Enter") { event.preventDefault(); add(); } }}
            aria-describedby="new-parameter-note" className="w-56 font-mono" autoComplete="off" spellCheck={false} />
        </label>
        <Button size="md" onClick={add} disabled={!canAdd}>Add parameter</Button>
        <p id="new-parameter-note" className="text-xs text-slate-600 dark:text-slate-400">
          {isNameTaken ? `“${name}” is already a parameter.` : "Letters, digits, '_', '.' and '-'; added as a required string."}
        </p>
      </div>
    </div>
  );
}

function ParameterRowEditor({ row, value, onChange }: { row: ParameterRow; value: string; onChange: (text: string) => void }) {
  const edit = (change: Parameters<typeof editParameter>[2]) => onChange(editParameter(value, row.name, change));
  const id = `parameter-${row.name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
  return (
    <li className="grid items-end gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[10rem_8rem_auto_1fr_auto] dark:border-slate-800">
      <code className="self-center font-mono text-sm">{row.name}</code>
      <label className="flex flex-col gap-1 text-xs font-medium">
        Type
        <Select value={row.type} onChange={(event) => edit({ type: event.target.value as ParameterType })}
          aria-label={`Type of ${row.name}`}>
          {PARAMETER_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
          {row.type === "other" && <option value="other" disabled>other (edit the JSON)</option>}
        </Select>
      </label>
      <label className="flex items-center gap-1.5 self-center text-sm">
        <input type="checkbox" checked={row.required} onChange={(event) => edit({ required: event.target.checked })} aria-label={`${row.name} is required`} />
        Required
      </label>
      <div className="flex flex-col gap-1">
        <Input id={`${id}-description`} defaultValue={row.description} aria-label={`Description of ${row.name}`} placeholder="Description"
          onBlur={(event) => { if (event.target.value !== row.description) edit({ description: event.target.value }); }} />
        {row.type === "enum" && (
          <Input defaultValue={row.values.join(", ")} aria-label={`Values of ${row.name}, separated by commas`} placeholder="fast, exact"
            onBlur={(event) => edit({ values: event.target.value.split(",").map((item) => item.trim()).filter(Boolean) })} />
        )}
      </div>
      <Button size="sm" variant="ghost" onClick={() => onChange(removeParameter(value, row.name))} aria-label={`Remove parameter ${row.name}`}>×</Button>
    </li>
  );
}
