import { filledIconRows } from "./server-form-input";
import type { ServerFormValues } from "./server-form-values";

/** `/transport/headers/X-Key` → `["transport", "headers", "X-Key"]` (RFC 6901 unescaping). */
export function pointerSegments(pointer: string): string[] {
  return pointer.split("/").slice(1).map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The form field a definition path belongs to, so an error from zod or from the API (problem+json
 * `errors[].path`) shows on the input that caused it. Paths the form has no input for go to `root`.
 */
export function formFieldOf(path: string[], values: ServerFormValues): string {
  const [head, second, ...rest] = path;
  switch (head) {
    case "name": case "description": case "version": case "parameters_schema": case "health_parameters": case "tags": case "provides":
      return head;
    case "support":
      return second ? `support.${second}` : "support.documentation_url";
    case "transport":
      return transportField(second, rest, values.transport);
    case "environments":
      return environmentField(second, rest, values);
    case "icons":
      return iconField(second, values);
    default:
      return "root.server";
  }
}

function transportField(field: string | undefined, rest: string[], transport: ServerFormValues["transport"]): string {
  if (field === "headers" || field === "env") return rowField(`transport.${field}`, transport[field], rest);
  if (field === "args") return rest.length ? `transport.args.${rest[0]}.value` : "transport.args";
  if (field === "url" || field === "command") return `transport.${field}`;
  return "transport.type";
}

function environmentField(name: string | undefined, rest: string[], values: ServerFormValues): string {
  const index = values.environments.findIndex((row) => row.name.trim() === name);
  if (index < 0) return "environments";
  const [field, item] = rest;
  if (field === "url" || field === "command") return `environments.${index}.${field}`;
  if (field === "args") return item === undefined ? `environments.${index}.command` : `environments.${index}.args.${item}.value`;
  return `environments.${index}.name`;
}

/** A key in a map shown as rows: the error goes on that row (its key when blank, else its value). */
function rowField(base: string, rows: { key: string }[], rest: string[]): string {
  if (rest.length === 0) return rows.length ? `${base}.0.key` : base;
  const key = rest.join(".");
  const index = rows.findIndex((row) => row.key.trim() === key);
  if (index < 0) return base;
  return key === "" ? `${base}.${index}.key` : `${base}.${index}.value`;
}

/** `/icons/N/…` counts only the rows that were saved; the form has one input per icon that can be wrong, its source. */
function iconField(item: string | undefined, values: ServerFormValues): string {
  const row = item === undefined ? undefined : filledIconRows(values.icons ?? [])[Number(item)];
  return row ? `icons.${row.index}.src` : "icons";
}
