import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";
import type { z } from "zod";

import type { FieldError } from "../errors";
import { jsonPointer } from "../schemas/json-pointer";
import { sortDocumentErrors, type DocumentFormErrors } from "./document-form-errors";
import { toDocumentInput, type DocumentFormValues } from "./document-form-values";
import { flattenErrors } from "./server-form-resolver";

export const DOCUMENT_FIELDS = ["name", "description", "tags", "capabilities", "users", "tools"];

/**
 * zodResolver(schema) — the API's own capability or agent input schema — applied to the body the form
 * describes; its errors, by body path, are sorted onto the fields and the reference rows (by alias).
 */
export function documentFormResolver(schema: z.ZodType, hasCapabilities: boolean): Resolver<DocumentFormValues, unknown, Record<string, unknown>> {
  const validate = zodResolver(schema as z.ZodType<Record<string, unknown>, Record<string, unknown>>);
  return async (values, context, options) => {
    const input = toDocumentInput(values, hasCapabilities);
    const result = await validate(input, context, { ...options, fields: {}, names: [], shouldUseNativeValidation: false });

    const problems: FieldError[] = flattenErrors(result.errors).map(({ path, message }) => ({ path: jsonPointer(path), message }));
    if (problems.length === 0) return { values: result.values as Record<string, unknown>, errors: {} };
    return { values: {}, errors: toFormErrors(sortDocumentErrors(problems, DOCUMENT_FIELDS), values) };
  };
}

/** Fields on their inputs, a reference row's messages on that row (joined), the rest on `root`. */
function toFormErrors(sorted: DocumentFormErrors, values: DocumentFormValues): FieldErrors<DocumentFormValues> {
  const errors: Record<string, unknown> = {};
  for (const [field, message] of Object.entries(sorted.fields)) errors[field] = { type: "schema", message };

  const references: Record<number, unknown> = {};
  for (const [alias, messages] of Object.entries(sorted.references)) {
    const index = values.references.findIndex((row) => row.alias === alias);
    if (index === -1) sorted.other.push(...messages);
    else references[index] = { type: "schema", message: messages.join("\n") };
  }
  if (Object.keys(references).length) errors.references = references;
  if (sorted.other.length) errors.root = { type: "schema", message: sorted.other.join("\n") };
  return errors as FieldErrors<DocumentFormValues>;
}

/** The form's own errors back in the shape the form shows (and the API's problem errors are sorted into). */
export function fromFormErrors(errors: FieldErrors<DocumentFormValues>, values: DocumentFormValues): DocumentFormErrors {
  const sorted: DocumentFormErrors = { fields: {}, references: {}, other: [] };
  for (const field of DOCUMENT_FIELDS) {
    const message = (errors as Record<string, { message?: string } | undefined>)[field]?.message;
    if (message) sorted.fields[field] = message;
  }
  values.references.forEach((row, index) => {
    const message = (errors.references as Record<number, { message?: string } | undefined> | undefined)?.[index]?.message;
    if (message) sorted.references[row.alias] = message.split("\n");
  });
  if (errors.root?.message) sorted.other.push(...errors.root.message.split("\n"));
  return sorted;
}
