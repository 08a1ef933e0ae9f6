"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { RowInput } from "./row-input";
import { SecretHint } from "./secret-hint";
import { useFieldError } from "./use-field-error";

type KeyValueRowsProps = { name: "transport.headers" | "transport.env"; legend: string; noun: string; keyPlaceholder: string };

/** A map edited as rows of name and value, one row per entry, added and removed freely. */
export function KeyValueRows({ name, legend, noun, keyPlaceholder }: KeyValueRowsProps) {
  const { control } = useFormContext<ServerFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const rows = useWatch({ control, name }) ?? [];
  const listError = useFieldError(name);

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex flex-col gap-1">
          <div className="grid grid-cols-[1fr_1.5fr_auto] gap-2">
            <RowInput name={`${name}.${index}.key`} label={`${noun} ${index + 1} name`} placeholder={keyPlaceholder} />
            <RowInput name={`${name}.${index}.value`} label={`${noun} ${index + 1} value`} placeholder="value, ${VAR} or {{param}}" />
            <Button size="sm" variant="ghost" className="mt-1" aria-label={`Remove ${noun.toLowerCase()} ${index + 1}`} onClick={() => remove(index)}>×</Button>
          </div>
          <SecretHint name={`${name}.${index}.value`} rowKey={rows[index]?.key ?? ""} value={rows[index]?.value ?? ""} />
        </div>
      ))}
      {listError && <FieldError>{listError}</FieldError>}
      <Button size="sm" className="self-start" onClick={() => append({ key: "", value: "" })}>Add {noun.toLowerCase()}</Button>
    </fieldset>
  );
}
