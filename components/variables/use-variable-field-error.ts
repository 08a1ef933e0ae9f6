"use client";

import { get, useFormState } from "react-hook-form";

import type { VariableFormValues } from "@/lib/forms/variable-form-values";

/** The message on one field of the variable form (from zod in the browser or from the API), if any. */
export function useVariableFieldError(name: string): string | undefined {
  const { errors } = useFormState<VariableFormValues>();
  return (get(errors, name) as { message?: string } | undefined)?.message;
}
