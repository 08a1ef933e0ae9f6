type JsonSchema = Record<string, unknown>;

export type SchemaProperty = {
  /** Dotted for nested objects: `auth.token`. */
  path: string;
  depth: number;
  type: string;
  isRequired: boolean;
  defaultValue?: unknown;
  description?: string;
  enumValues?: unknown[];
};

/** The properties of a parameters schema as rows of a table, nested objects following their parent. */
export function listSchemaProperties(schema: JsonSchema | undefined, prefix = "", depth = 0): SchemaProperty[] {
  const properties = asObject(schema?.properties);
  if (!properties) return [];

  const required = new Set(Array.isArray(schema?.required) ? (schema.required as string[]) : []);
  return Object.entries(properties).flatMap(([name, value]) => {
    const property = asObject(value) ?? {};
    const path = prefix ? `${prefix}.${name}` : name;
    const row: SchemaProperty = {
      path,
      depth,
      type: describeType(property),
      isRequired: required.has(name),
      ...("default" in property ? { defaultValue: property.default } : {}),
      ...(typeof property.description === "string" ? { description: property.description } : {}),
      ...(Array.isArray(property.enum) ? { enumValues: property.enum } : {}),
    };
    return [row, ...listSchemaProperties(property, path, depth + 1)];
  });
}

export function describeType(schema: JsonSchema): string {
  if ("const" in schema) return `const ${JSON.stringify(schema.const)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : typeof schema.type === "string" ? schema.type : undefined;
  if (type === "array") {
    const items = asObject(schema.items);
    return items ? `array of ${describeType(items)}` : "array";
  }
  if (type) return type;
  if (Array.isArray(schema.enum)) return "enum";
  for (const keyword of ["oneOf", "anyOf", "allOf"]) if (Array.isArray(schema[keyword])) return keyword;
  return "any";
}

export function asObject(value: unknown): JsonSchema | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}
