"use client";

import { useFormContext, useFormState } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { addParameter } from "@/lib/forms/parameter-builder";
import { flattenErrors } from "@/lib/forms/server-form-resolver";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { undeclaredParameterIn } from "@/lib/schemas/declared-parameters";

/**
 * When a save was refused because a `{{name}}` is not declared (by the form's check or by the API), one button
 * per name adds it to the parameters schema as a required string, and the refusals it answers are cleared.
 */
export function UndeclaredParameters() {
  const { getValues, setValue, clearErrors, trigger } = useFormContext<ServerFormValues>();
  const { errors, isSubmitted } = useFormState<ServerFormValues>();
  const refusals = flattenErrors(errors).flatMap(({ path, message }) => {
    const parameter = undeclaredParameterIn(message);
    return parameter ? [{ field: path.join("."), parameter }] : [];
  });
  const names = [...new Set(refusals.map((refusal) => refusal.parameter))];
  if (names.length === 0) return null;

  const add = (name: string) => {
    setValue("parameters_schema", addParameter(getValues("parameters_schema"), name), { shouldDirty: true });
    clearErrors(refusals.filter((refusal) => refusal.parameter === name).map((refusal) => refusal.field) as never);
    if (isSubmitted) void trigger("parameters_schema");
  };

  return (
    <div role="group" aria-label="Undeclared parameters" className="mb-3 flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p>The transport uses {names.map((name) => `{{${name}}}`).join(", ")}, which this schema does not declare yet.</p>
      <div className="flex flex-wrap gap-2">
        {names.map((name) => <Button key={name} size="sm" onClick={() => add(name)}>Add {name} to the parameters</Button>)}
      </div>
    </div>
  );
}
