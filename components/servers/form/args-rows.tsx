"use client";

import { useFieldArray, useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { RowInput } from "./row-input";

type ArgsName = "transport.args" | `environments.${number}.args`;

/** Command-line arguments, one row each, in order. */
export function ArgsRows({ name, legend = "Arguments", itemLabel = "Argument" }: { name: ArgsName; legend?: string; itemLabel?: string }) {
  const { control } = useFormContext<ServerFormValues>();
  const { fields, append, remove, move } = useFieldArray({ control, name });

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {fields.map((field, index) => (
        <div key={field.id} className="flex gap-2">
          <RowInput name={`${name}.${index}.value`} label={`${itemLabel} ${index + 1}`} className="flex-1" />
          <Button size="sm" variant="ghost" className="mt-1" aria-label={`Move ${itemLabel.toLowerCase()} ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>↑</Button>
          <Button size="sm" variant="ghost" className="mt-1" aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`} onClick={() => remove(index)}>×</Button>
        </div>
      ))}
      <Button size="sm" className="self-start" onClick={() => append({ value: "" })}>Add argument</Button>
    </fieldset>
  );
}
