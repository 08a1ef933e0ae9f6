import { parse, printParseErrorCode, type ParseError } from "jsonc-parser";

import type { FieldError } from "../errors";
import { unstorablePlaceIn } from "../schemas/storable-json";

export type ParsedText = { ok: true; value: unknown } | { ok: false; error: FieldError };

/** JSON, else JSONC (comments, trailing commas); a leading UTF-8 BOM is ignored. A value no definition may hold (lib/schemas/storable-json.ts) is refused where it is. */
export function parseText(text: string): ParsedText {
  const parsed = parseJsonOrJsonc(text);
  if (!parsed.ok) return parsed;
  const unstorable = unstorablePlaceIn(parsed.value);
  return unstorable ? { ok: false, error: unstorable } : parsed;
}

function parseJsonOrJsonc(text: string): ParsedText {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch {
    // Not strict JSON: JSONC below either parses it or says where it breaks.
  }

  const errors: ParseError[] = [];
  const value = parse(body, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length === 0) return { ok: true, value };

  const [first] = errors;
  const { line, column } = positionOf(body, first.offset);
  const reason = printParseErrorCode(first.error).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return { ok: false, error: { path: "", message: `is not valid JSON: ${reason} at line ${line}, column ${column}` } };
}

function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
