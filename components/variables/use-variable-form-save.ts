"use client";

import type { UseFormReturn } from "react-hook-form";

import { pointerSegments } from "@/lib/forms/server-form-errors";
import { variableFieldOf } from "@/lib/forms/variable-form-errors";
import type { VariableFormValues } from "@/lib/forms/variable-form-values";
import { isProblem } from "@/lib/query/fetch-json";
import { useSaveVariable } from "@/lib/query/variables";
import type { VariableInput, VariableOutput } from "@/lib/schemas/variable";

type VariableForm = UseFormReturn<VariableFormValues, unknown, VariableInput>;
type AnyField = Parameters<VariableForm["setError"]>[0];

/** PUT with If-Match on the opened revision; the API's errors land on their fields, a 412 is reported as stale. */
export function useVariableFormSave(form: VariableForm, original: VariableOutput | undefined, onSaved: (variable: VariableOutput) => void) {
  const save = useSaveVariable();

  const onSubmit = form.handleSubmit((input) =>
    save.mutate({ input, revision: original?.revision }, { onSuccess: onSaved, onError: (error) => applyErrors(form, error) }));

  return { onSubmit, isSaving: save.isPending, isStale: isProblem(save.error, 412) };
}

function applyErrors(form: VariableForm, error: unknown): void {
  if (isProblem(error, 412)) return;
  const values = form.getValues();
  if (isProblem(error) && error.problem.errors?.length) {
    error.problem.errors.forEach(({ path, message }, index) => {
      form.setError(variableFieldOf(pointerSegments(path), values) as AnyField, { type: "server", message }, { shouldFocus: index === 0 });
    });
    return;
  }
  form.setError("root.server", { type: "server", message: error instanceof Error ? error.message : "The variable could not be saved." });
}
