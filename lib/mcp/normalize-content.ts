/** One piece of a tool result, in Patchbay's wire shape (snake_case). */
export type ToolContent =
  | { type: "text"; text: string }
  | { type: "image"; mime_type: string; data: string }
  | { type: "audio"; mime_type: string; data: string }
  | { type: "resource"; uri: string; mime_type?: string; text?: string; blob?: string };

export type NormalizedToolResult = { is_error: boolean; content: ToolContent[]; structured_content?: unknown };

type Item = Record<string, unknown>;
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Normalizes a `tools/call` result: embedded resources and resource links both become `resource`; content of a
 * type this does not know is kept as its JSON text. A legacy `toolResult` answer becomes one text item.
 */
export function normalizeToolResult(result: Record<string, unknown>): NormalizedToolResult {
  if (!Array.isArray(result.content) && "toolResult" in result) {
    return { is_error: false, content: [{ type: "text", text: JSON.stringify(result.toolResult) }] };
  }

  const content = (Array.isArray(result.content) ? (result.content as Item[]) : []).map(normalizeItem);
  const normalized: NormalizedToolResult = { is_error: result.isError === true, content };
  if (result.structuredContent !== undefined) normalized.structured_content = result.structuredContent;
  return normalized;
}

function normalizeItem(item: Item): ToolContent {
  switch (item.type) {
    case "text":
      return { type: "text", text: str(item.text) ?? "" };
    case "image":
    case "audio":
      return { type: item.type, mime_type: str(item.mimeType) ?? "application/octet-stream", data: str(item.data) ?? "" };
    case "resource": {
      const resource = (item.resource ?? {}) as Item;
      return withOptional({ type: "resource", uri: str(resource.uri) ?? "" }, resource);
    }
    case "resource_link":
      return withOptional({ type: "resource", uri: str(item.uri) ?? "" }, { mimeType: item.mimeType });
    default:
      return { type: "text", text: JSON.stringify(item) };
  }
}

function withOptional(base: { type: "resource"; uri: string }, source: Item): ToolContent {
  const out: ToolContent = { ...base };
  if (str(source.mimeType)) out.mime_type = str(source.mimeType);
  if (str(source.text) !== undefined) out.text = str(source.text);
  if (str(source.blob) !== undefined) out.blob = str(source.blob);
  return out;
}
