"use client";

import { get, useFormState, type FieldPath } from "react-hook-form";

import type { ServerFormValues } from "@/lib/forms/server-form-values";

/** The message of the error on one form field (from zod on the client, or from the API), if any. */
export function useFieldError(name: FieldPath<ServerFormValues> | string): string | undefined {
  const { errors } = useFormState<ServerFormValues>({ name: name as FieldPath<ServerFormValues> });
  const error = get(errors, name) as { message?: string } | undefined;
  return error?.message;
}
