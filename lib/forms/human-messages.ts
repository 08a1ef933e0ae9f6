import type { FieldError } from "../schemas/field-errors";
import { pointerSegments } from "./server-form-errors";

/**
 * Validator text (Ajv's "must have required property 'x'", zod's "Invalid input: expected object, received
 * string") as something a person reads: a sentence that names the field. The API keeps its machine-friendly
 * `{path, message}`; the dashboard words it here, once, for every form and panel.
 */
export type HumanError = { path: string; field: string; message: string; sentence: string };

const TYPE_NAMES: Record<string, string> = {
  object: "a JSON object", array: "a list", string: "text", number: "a number", integer: "a whole number",
  boolean: "true or false", null: "null", undefined: "missing",
};

export function humanError({ path, message }: FieldError): HumanError {
  const required = /^must have required property '(.+)'$/.exec(message);
  // Patchbay's Ajv errors already point at the missing property; a bare Ajv error points at its parent.
  const property = required ? `/${required[1].replace(/~/g, "~0").replace(/\//g, "~1")}` : "";
  const fullPath = property && !path.endsWith(property) ? `${path}${property}` : path;
  const text = required ? "is required" : humanMessage(message);
  const field = fieldLabel(fullPath);
  return { path: fullPath, field, message: text, sentence: sentence(field, text) };
}

/** The message alone, for a field that already shows its label. */
export function humanMessage(message: string): string {
  const rules: [RegExp, (...groups: string[]) => string][] = [
    [/^Invalid input: expected (\w+), received (\w+)$/, (expected, received) => received === "undefined" ? "is required" : `must be ${typeName(expected)}, not ${typeName(received)}`],
    [/^must be (object|array|string|number|integer|boolean|null)$/, (type) => `must be ${typeName(type)}`],
    [/^Too small: expected string to have >=1 characters?$/, () => "must not be empty"],
    [/^Too small: expected string to have >=(\d+) characters$/, (count) => `must be at least ${count} characters long`],
    [/^Too big: expected string to have <=(\d+) characters$/, (count) => `must be at most ${count} characters long`],
    [/^Too big: expected array to have <=(\d+) items$/, (count) => `may hold at most ${count} items`],
    [/^must NOT have fewer than (\d+) characters$/, (count) => `must be at least ${count} characters long`],
    [/^must NOT have more than (\d+) characters$/, (count) => `must be at most ${count} characters long`],
    [/^must be equal to one of the allowed values$/, () => "must be one of the listed values"],
    [/^must NOT have additional properties$/, () => "is not one the schema allows"],
    [/^Invalid option: expected one of (.+)$/, (options) => `must be one of ${options.replace(/\|/g, ", ")}`],
    [/^Invalid input$/, () => "is not valid here"],
    [/^parameter '(.+)' has no value$/, (name) => `needs a value for the parameter '${name}'`],
  ];
  for (const [pattern, rewrite] of rules) {
    const match = pattern.exec(message);
    if (match) return rewrite(...match.slice(1));
  }
  return message;
}

/**
 * `/parameters/project_id` → `project_id`, `/transport/headers/X-Id` → `Header X-Id`, `/mcp_servers/docs` → `Server
 * reference docs`, `/tools/virtual/0/source` → `tools › virtual › 1 › source`.
 */
export function fieldLabel(path: string): string {
  const segments = pointerSegments(path);
  const [head, second, third] = segments;
  if (head === "parameters") return segments.slice(1).join(" › ") || "The parameters";
  if (head === "mcp_servers" && second !== undefined) return [`Server reference ${second}`, ...segments.slice(2)].join(" › ");
  const place = head === "transport" ? [] : head === "environments" && second ? [`(${second})`] : undefined;
  if (place) {
    const [field, key] = head === "transport" ? [second, third] : [third, segments[3]];
    const what = field === "headers" ? `Header ${key}` : field === "env" ? `Variable ${key}` : field === "args" && key !== undefined ? `Argument ${Number(key) + 1}` : field === "url" ? "The URL" : field ?? "The transport";
    return [what, ...place].join(" ");
  }
  if (head === "headers" || head === "env") return `${head === "headers" ? "Header" : "Variable"} ${second}`;
  if (head === "url") return "The URL";
  return segments.map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : segment.replace(/_/g, " "))).join(" › ");
}

/** A field name is kept as written (`project_id`, not `Project_id`); a bare message starts with a capital. */
function sentence(field: string, message: string): string {
  const text = field ? `${field} ${message}` : message.charAt(0).toUpperCase() + message.slice(1);
  return /[.!?)]$/.test(text) ? text : `${text}.`;
}

function typeName(type: string): string {
  return TYPE_NAMES[type] ?? type;
}
