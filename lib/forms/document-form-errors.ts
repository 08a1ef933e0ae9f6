import type { FieldError } from "../errors";
import { pointerSegments } from "./server-form-errors";

export type DocumentFormErrors = { fields: Record<string, string>; references: Record<string, string[]>; other: string[] };

/** problem+json `errors[].path` (JSON pointers) sorted onto the form: a field, a reference row by alias, or the form. */
export function sortDocumentErrors(errors: FieldError[], fieldNames: string[]): DocumentFormErrors {
  const sorted: DocumentFormErrors = { fields: {}, references: {}, other: [] };
  for (const { path, message } of errors) {
    const [head, alias, ...rest] = pointerSegments(path);
    if (head === "mcp_servers" && alias !== undefined) {
      const where = rest.length ? `${rest.join(".")}: ` : "";
      (sorted.references[alias] ??= []).push(`${where}${message}`);
    } else if (fieldNames.includes(head) && !sorted.fields[head]) {
      sorted.fields[head] = message;
    } else {
      sorted.other.push(path ? `${path}: ${message}` : message);
    }
  }
  return sorted;
}
