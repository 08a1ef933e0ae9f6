"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { VariableFormValues } from "@/lib/forms/variable-form-values";
import { useVariableFieldError } from "./use-variable-field-error";

/** One row per environment that overrides the default; a stored secret's row left empty keeps its value. */
export function EnvironmentValueRows({ known }: { known: string[] }) {
  const { control, register } = useFormContext<VariableFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "environments" });
  const rows = useWatch({ control, name: "environments" }) ?? [];
  const isSecret = useWatch({ control, name: "secret" });

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Values per environment</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">An environment listed here gets its own value instead of the default.</p>
      <datalist id="known-environments">{known.map((name) => <option key={name} value={name} />)}</datalist>
      <ol className="flex flex-col gap-2">
        {fields.map((field, index) => (
          <li key={field.id} className="grid items-start gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-[12rem_1fr_auto] dark:border-slate-800">
            <RowField id={`variable-env-${index}-name`} label={`Environment ${index + 1}`} name={`environments.${index}.name`}>
              {(control) => <Input {...control} {...register(`environments.${index}.name`)} list="known-environments" autoComplete="off" placeholder="production" />}
            </RowField>
            <RowField id={`variable-env-${index}-value`} label={`Value in ${rows[index]?.name || `environment ${index + 1}`}`} name={`environments.${index}.value`}>
              {(control) => <Input {...control} {...register(`environments.${index}.value`)} className="font-mono" autoComplete="off" spellCheck={false}
                type={isSecret ? "password" : "text"} placeholder={isSecret && rows[index]?.isStored ? "•••• (stored; leave empty to keep)" : undefined} />}
            </RowField>
            <Button size="sm" variant="ghost" className="sm:mt-6" onClick={() => remove(index)}>Remove<span className="sr-only"> {rows[index]?.name || `environment ${index + 1}`}</span></Button>
          </li>
        ))}
      </ol>
      <Button size="sm" className="self-start" onClick={() => append({ name: "", value: "", isStored: false })}>Add environment value</Button>
    </fieldset>
  );
}

function RowField({ id, label, name, children }: { id: string; label: string; name: string; children: Parameters<typeof Field>[0]["children"] }) {
  const error = useVariableFieldError(name);
  return <Field id={id} label={label} error={error}>{children}</Field>;
}
