"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";

import { ParameterFields } from "@/components/servers/validate/parameter-fields";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { setAtPath } from "@/lib/forms/parameter-values";
import type { ReferenceRow } from "@/lib/forms/reference-rows";
import { serverQuery } from "@/lib/query/servers";
import { InlineConfigEditor } from "./inline-config-editor";
import { parameterErrorsOf, type ReferenceCheck } from "./use-reference-checks";

type Props = { row: ReferenceRow; index: number; errors: string[]; check?: ReferenceCheck; isSubmitted?: boolean; onChange: (row: ReferenceRow) => void; onRemove: () => void };

/** One referenced server: its alias, and inputs generated from its parameters_schema, each showing what the registry's validate said about it. */
export function ReferenceEditorRow({ row, index, errors, check, isSubmitted = false, onChange, onRemove }: Props) {
  const server = useQuery({ ...serverQuery(row.server ?? ""), enabled: row.server !== null });
  const schema = server.data?.parameters_schema;
  const hasParameters = Object.keys((schema?.properties as object | undefined) ?? {}).length > 0;
  const rowKey = `reference${index}`;
  const label = row.server ?? (row.provides !== undefined ? `provider of ${row.provides}` : `inline config ${row.alias}`);
  const checked = parameterErrorsOf(check);
  // A parameter's problem shows once one was changed or a save was tried, never the moment the server is added.
  const [hasEdited, setHasEdited] = useState(false);
  const shownFields = hasEdited || isSubmitted ? checked.fields : {};

  return (
    <fieldset className="rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <Field id={`reference-${index}-alias`} label={`Alias for ${label}`} className="min-w-48 flex-1" error={errors[0]}>
          {(control) => <Input {...control} value={row.alias} onChange={(event) => onChange({ ...row, alias: event.target.value })} />}
        </Field>
        <Button variant="ghost" onClick={onRemove} aria-label={`Remove ${label}`}>Remove</Button>
      </div>
      {errors.slice(1).map((message) => <p key={message} className="mt-1 text-sm text-red-700 dark:text-red-400">{message}</p>)}
      <div className="mt-3">
        {row.inline ? (
          <InlineConfigEditor id={`reference-${index}-inline`} row={row} onChange={onChange} />
        ) : row.provides !== undefined ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Bound when resolved to the healthiest server that provides <code className="font-mono">{row.provides}</code>; its parameters are kept as written.
          </p>
        ) : server.isError ? (
          <p className="text-sm text-red-700 dark:text-red-400">Could not load this server: {server.error.message}</p>
        ) : !server.data ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading its parameters…</p>
        ) : hasParameters ? (
          <div id={`reference-${index}-parameters`} role="group" aria-label={`Parameters for ${label}`}>
            {/* Nested under a per-row key so two servers' inputs never share an id. */}
            <ParameterFields schema={schema!} values={{ [rowKey]: row.parameters }} path={[rowKey]} errors={shownFields}
              onChange={(path, value) => { setHasEdited(true); onChange({ ...row, parameters: setAtPath(row.parameters, path.slice(1), value) }); }} />
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">This server takes no parameters.</p>
        )}
      </div>
      {checked.other.map((message) => <p key={message} className="mt-1 text-sm text-red-700 dark:text-red-400">{message}</p>)}
    </fieldset>
  );
}
