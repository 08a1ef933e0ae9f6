import { inlineReferenceSchema, referenceFormOf } from "../schemas/reference";

/** The text of a legacy inline config as edited: the config, or why it is not one (shown on the field). */
export function parseInlineConfig(text: string): { value: Record<string, unknown> } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { error: `is not valid JSON: ${(error as Error).message}` };
  }
  if (referenceFormOf(value) !== "inline") return { error: "must be a JSON object with type, url or command (and no server)" };
  const result = inlineReferenceSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { error: `${issue.path.length ? `${issue.path.join(".")}: ` : ""}${issue.message}` };
  }
  return { value: value as Record<string, unknown> };
}
