/**
 * The parameter builder beside the raw JSON: a parameters schema's top-level `properties` as rows, and edits
 * that write the same schema text back. Keywords the builder has no input for (`default`, `minLength` …) and
 * everything outside `properties` / `required` are kept as they were.
 */
export const PARAMETER_TYPES = ["string", "number", "boolean", "enum"] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];
export type ParameterRow = { name: string; type: ParameterType | "other"; required: boolean; description: string; values: string[] };
export type ParameterEdit = { type?: ParameterType } & Partial<Pick<ParameterRow, "required" | "description" | "values">>;

type Schema = Record<string, unknown>;

/** The schema as an object: `{}` for empty text, null when the text is not a JSON object (the builder then waits for the JSON to be fixed). */
export function readSchema(text: string): Schema | null {
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function parameterRows(schema: Schema): ParameterRow[] {
  const required = requiredOf(schema);
  return Object.entries(propertiesOf(schema)).map(([name, property]) => {
    const node = isObject(property) ? property : {};
    return {
      name,
      type: typeOf(node),
      required: required.includes(name),
      description: typeof node.description === "string" ? node.description : "",
      values: Array.isArray(node.enum) ? node.enum.map(String) : [],
    };
  });
}

/** A new parameter (a string unless said otherwise), required unless said otherwise; an existing name is left as it is. */
export function addParameter(text: string, name: string, { type = "string", required = true }: { type?: ParameterType; required?: boolean } = {}): string {
  const schema = readSchema(text) ?? {};
  const properties = propertiesOf(schema);
  if (Object.hasOwn(properties, name)) return text;
  return write({ type: "object", ...schema, properties: { ...properties, [name]: propertyFor(type, {}) } }, name, required);
}

export function editParameter(text: string, name: string, edit: ParameterEdit): string {
  const schema = readSchema(text);
  if (!schema) return text;
  const properties = propertiesOf(schema);
  const current = isObject(properties[name]) ? (properties[name] as Schema) : {};
  const row = parameterRows(schema).find((candidate) => candidate.name === name);

  let next: Schema = edit.type && edit.type !== row?.type ? propertyFor(edit.type, current) : { ...current };
  if (edit.values !== undefined && (edit.type ?? row?.type) === "enum") next = { ...next, enum: edit.values };
  if (edit.description !== undefined) {
    const { description: _old, ...rest } = next;
    next = edit.description ? { ...rest, description: edit.description } : rest;
  }
  return write({ ...schema, properties: { ...properties, [name]: next } }, name, edit.required ?? row?.required ?? false);
}

export function removeParameter(text: string, name: string): string {
  const schema = readSchema(text);
  if (!schema) return text;
  const { [name]: _removed, ...properties } = propertiesOf(schema);
  return write({ ...schema, properties }, name, false);
}

/** The property for a type, keeping the keywords that still apply (description, default …). */
function propertyFor(type: ParameterType, current: Schema): Schema {
  const { type: _type, enum: values, ...rest } = current;
  if (type === "enum") return { ...rest, enum: Array.isArray(values) ? values : [] };
  return { type, ...rest };
}

function write(schema: Schema, name: string, isRequired: boolean): string {
  const others = requiredOf(schema).filter((item) => item !== name);
  const required = isRequired ? [...others, name] : others;
  const { required: _old, ...rest } = schema;
  const next = required.length || Array.isArray(schema.required) ? { ...rest, required } : rest;
  return JSON.stringify(next, null, 2);
}

function typeOf(node: Schema): ParameterRow["type"] {
  if (Array.isArray(node.enum)) return "enum";
  if (node.type === "string" || node.type === "boolean") return node.type;
  if (node.type === "number" || node.type === "integer") return "number";
  return "other";
}

function propertiesOf(schema: Schema): Record<string, unknown> {
  return isObject(schema.properties) ? schema.properties : {};
}

function requiredOf(schema: Schema): string[] {
  return Array.isArray(schema.required) ? schema.required.filter((item): item is string => typeof item === "string") : [];
}

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
