"use client";

import { useFieldArray, useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { useFieldError } from "./use-field-error";

type ArgsName = "transport.args" | `environments.${number}.args`;

/** Command-line arguments, one row each, in order. */
export function ArgsRows({ name, legend = "Arguments", itemLabel = "Argument" }: { name: ArgsName; legend?: string; itemLabel?: string }) {
  const { control, register } = useFormContext<ServerFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name });

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex gap-2">
          <ArgInput name={`${name}.${index}.value`} label={`${itemLabel} ${index + 1}`} register={register} />
          <Button size="sm" variant="ghost" className="mt-1" aria-label={`Move ${itemLabel.toLowerCase()} ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>↑</Button>
          <Button size="sm" variant="ghost" className="mt-1" aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`} onClick={() => remove(index)}>×</Button>
        </div>
      ))}
      <Button size="sm" className="self-start" onClick={() => append({ value: "" })}>Add argument</Button>
    </fieldset>
  );
}

function ArgInput({ name, label, register }: { name: `${ArgsName}.${number}.value`; label: string; register: ReturnType<typeof useFormContext<ServerFormValues>>["register"] }) {
  const error = useFieldError(name);
  const errorId = `${name.replace(/\./g, "-")}-error`;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <Input {...register(name)} aria-label={label} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}
        className="font-mono" autoComplete="off" spellCheck={false} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
