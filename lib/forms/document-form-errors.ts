import type { FieldError } from "../errors";
import { humanError } from "./human-messages";
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
      // On its field, in words: the field's own label is beside it, a path inside it (tools › virtual › 1) is named.
      const human = humanError({ path, message });
      sorted.fields[head] = pointerSegments(human.path).length > 1 ? human.sentence : human.message;
    } else {
      sorted.other.push(humanError({ path, message }).sentence);
    }
  }
  return sorted;
}
