"use client";

import { get, useFormState, type FieldPath } from "react-hook-form";

import type { ServerFormValues } from "@/lib/forms/server-form-values";

/**
 * The message of the error on one form field, once it should be shown: the field was changed and left, or the
 * form was submitted, or the API refused it. Tabbing past an empty field, or adding a blank row, says nothing yet.
 */
export function useFieldError(name: FieldPath<ServerFormValues> | string): string | undefined {
  const { errors, touchedFields, dirtyFields, isSubmitted } = useFormState<ServerFormValues>({ name: name as FieldPath<ServerFormValues> });
  const error = get(errors, name) as { message?: string; type?: string } | undefined;
  if (!error?.message) return undefined;

  const wasLeftChanged = Boolean(get(touchedFields, name)) && Boolean(get(dirtyFields, name));
  return error.type === "server" || isSubmitted || wasLeftChanged ? error.message : undefined;
}
