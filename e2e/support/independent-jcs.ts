import { createHash } from "node:crypto";

/** RFC 8785 written out for the tests, apart from the `canonicalize` package Patchbay uses: an independent check. */
export function jcs(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jcs).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${jcs(item)}`).join(",")}}`;
}

/** Hex SHA-256 of a text's UTF-8 bytes. */
export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
