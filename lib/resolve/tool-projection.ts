import { query, type JsonValue } from "jsonpath-rfc9535";

/** An MCP `tools/call` result, the parts a projection reads and writes. */
export type ToolCallResult = { content?: { type: string; text?: string }[]; structuredContent?: unknown; isError?: boolean };

type SchemaNode = { type?: unknown; source_field?: unknown; properties?: Record<string, SchemaNode>; items?: SchemaNode };

/**
 * DESIGN §11: a virtual tool's `output_schema` projects the upstream result. The value read is the result's
 * `structuredContent`, or the JSON of its single text block; each property with a `source_field` (RFC 9535
 * JSONPath, run by jsonpath-rfc9535) takes what the path selects — every match for an `array` property (each
 * projected through `items`), the first otherwise; a property without one reads the same-named field, and an
 * object property with `properties` projects from the same value. An error result passes through unchanged.
 */
export function project(result: ToolCallResult, outputSchema: Record<string, unknown>): ToolCallResult {
  if (result.isError) return result;
  const source = projectionSource(result);
  if (source === undefined) {
    return { isError: true, content: [{ type: "text", text: "the result has neither structuredContent nor JSON in a single text block to project" }] };
  }
  const projected = projectValue(source, outputSchema as SchemaNode) ?? null;
  return { content: [{ type: "text", text: JSON.stringify(projected) }], structuredContent: projected };
}

function projectionSource(result: ToolCallResult): JsonValue | undefined {
  if (result.structuredContent !== undefined) return result.structuredContent as JsonValue;
  const blocks = result.content ?? [];
  if (blocks.length !== 1 || blocks[0].type !== "text" || typeof blocks[0].text !== "string") return undefined;
  try {
    return JSON.parse(blocks[0].text) as JsonValue;
  } catch {
    return undefined;
  }
}

function projectValue(value: JsonValue, schema: SchemaNode): JsonValue | undefined {
  if (schema.properties && typeof schema.properties === "object") {
    const entries = Object.entries(schema.properties).flatMap(([key, property]) => {
      const picked = pick(value, key, property);
      return picked === undefined ? [] : [[key, picked] as const];
    });
    return Object.fromEntries(entries);
  }
  return value;
}

function pick(value: JsonValue, key: string, property: SchemaNode): JsonValue | undefined {
  if (typeof property.source_field !== "string") {
    if (property.properties) return projectValue(value, property);
    return isRecord(value) ? value[key] : undefined;
  }
  const matches = query(value, property.source_field);
  if (property.type === "array") return matches.map((match) => (property.items ? (projectValue(match, property.items) ?? null) : match));
  return matches.length === 0 ? undefined : projectValue(matches[0], property);
}

function isRecord(value: JsonValue): value is { [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
