/** The text of a JSON-object field: the object, or why it is not one (empty text is `{}`). */
export function parseJsonObject(text: string): { value: Record<string, unknown> } | { error: string } {
  if (text.trim() === "") return { value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: "must be a JSON object ({ … })" };
    return { value: value as Record<string, unknown> };
  } catch (error) {
    return { error: `is not valid JSON: ${(error as Error).message}` };
  }
}

/** A starting point for a tool's arguments: its properties with their defaults, or an example of their type. */
export function argumentsTemplate(schema: Record<string, unknown>): string {
  const properties = (schema.properties ?? {}) as Record<string, { type?: string; default?: unknown; enum?: unknown[] }>;
  const example = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, property.default ?? property.enum?.[0] ?? sampleOf(property.type)]));
  return JSON.stringify(example, null, 2);
}

function sampleOf(type: string | undefined): unknown {
  switch (type) {
    case "number": case "integer": return 0;
    case "boolean": return false;
    case "array": return [];
    case "object": return {};
    default: return "";
  }
}
