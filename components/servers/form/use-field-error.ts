"use client";

import { get, useFormContext, useFormState, type FieldPath } from "react-hook-form";

import type { ServerFormValues } from "@/lib/forms/server-form-values";

/**
 * The message of the error on one form field, once it should be shown: the field was changed and left, or the
 * form was submitted, or the API refused it. Tabbing past an empty field, or leaving the blank row that "Add
 * environment" focuses, says nothing yet. A field the form opened with counts as changed when it differs from
 * that value (clearing a name shows at once on leaving); a row added since, when something was typed into it.
 */
export function useFieldError(name: FieldPath<ServerFormValues> | string): string | undefined {
  const { getValues } = useFormContext<ServerFormValues>();
  const { errors, touchedFields, dirtyFields, defaultValues, isSubmitted } = useFormState<ServerFormValues>({ name: name as FieldPath<ServerFormValues> });
  const error = get(errors, name) as { message?: string; type?: string } | undefined;
  if (!error?.message) return undefined;
  if (error.type === "server" || isSubmitted) return error.message;

  const isOpenedWith = get(defaultValues, name) !== undefined;
  const wasChanged = isOpenedWith ? Boolean(get(dirtyFields, name)) : !isBlank(getValues(name as FieldPath<ServerFormValues>));
  return get(touchedFields, name) && wasChanged ? error.message : undefined;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}
