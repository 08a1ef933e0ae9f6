import { zodResolver } from "@hookform/resolvers/zod";
import type { FieldErrors, Resolver } from "react-hook-form";

import { checkJsonSchemaShape } from "../schemas/json-schema-shape";
import type { ServerInput } from "../schemas/server";
import { defineServerInputSchema } from "../schemas/server-fields";
import { humanMessage } from "./human-messages";
import { formFieldOf } from "./server-form-errors";
import { toServerInput, type FormProblem } from "./server-form-input";
import type { ServerFormValues } from "./server-form-values";

// The API's schema with the eval-free JSON Schema check: pages run under a CSP without 'unsafe-eval', and the
// server, which compiles the schema with Ajv, has the last word (its errors land on the field).
const validateDefinition = zodResolver(defineServerInputSchema(checkJsonSchemaShape));
const LEAF_KEYS = new Set(["type", "message", "ref", "types"]);

/**
 * zodResolver(serverInputSchema) — the API's own schema — applied to the definition the form describes.
 * Its errors, by definition path, are moved onto the form fields that hold those values.
 */
export const serverFormResolver: Resolver<ServerFormValues, unknown, ServerInput> = async (values, context, options) => {
  const { input, problems } = toServerInput(values);
  const result = await validateDefinition(input as ServerInput, context, { ...options, fields: {}, names: [], shouldUseNativeValidation: false });

  const schemaProblems = flattenErrors(result.errors).map(({ path, message }) => ({ field: formFieldOf(path, values), message: humanMessage(message) }));
  const all = [...problems, ...schemaProblems];
  if (all.length === 0) return { values: result.values as ServerInput, errors: {} };
  return { values: {}, errors: nestProblems(all) };
};

/** Every message in a nested FieldErrors object, with its path. */
export function flattenErrors(node: unknown, path: string[] = []): { path: string[]; message: string }[] {
  if (typeof node !== "object" || node === null) return [];

  const record = node as Record<string, unknown>;
  const own = typeof record.type === "string" && typeof record.message === "string" ? [{ path, message: record.message }] : [];
  const children = Object.entries(record)
    .filter(([key]) => !(own.length && LEAF_KEYS.has(key)))
    .flatMap(([key, child]) => flattenErrors(child, [...path, key]));
  return [...own, ...children];
}

/** Problems addressed to dotted form paths, as the nested object react-hook-form reads; the first per field wins. */
export function nestProblems(problems: FormProblem[]): FieldErrors<ServerFormValues> {
  const errors: Record<string, unknown> = {};
  for (const { field, message } of problems) {
    const keys = field.split(".");
    let node = errors;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys[keys.length - 1]] ??= { type: "validate", message };
  }
  return errors as FieldErrors<ServerFormValues>;
}
