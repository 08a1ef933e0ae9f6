import { getAtPath, type ParameterValues } from "./parameter-values";
import { asObject } from "./schema-properties";

/**
 * The required properties of an object schema that have no value, nested objects included (a nested object's
 * own required properties count once it is required or given), as JSON pointers → "is required": what a form
 * generated from the schema refuses to send before the server is asked.
 */
export function missingRequired(schema: Record<string, unknown>, values: ParameterValues, path: string[] = []): Record<string, string> {
  const missing: Record<string, string> = {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  for (const [name, value] of Object.entries(asObject(schema.properties) ?? {})) {
    const property = asObject(value) ?? {};
    const fieldPath = [...path, name];
    const given = getAtPath(values, fieldPath);
    if (given === undefined && required.has(name)) missing[pointerOf(fieldPath)] = "is required";
    else if (asObject(property.properties) && (given !== undefined || required.has(name))) Object.assign(missing, missingRequired(property, values, fieldPath));
  }
  return missing;
}

/** A path of keys as a JSON pointer (RFC 6901: `~` and `/` escaped). */
export function pointerOf(path: string[]): string {
  return path.map((key) => `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
