/** RFC 6901: `~` and `/` inside a key are escaped so the path stays unambiguous. */
export function pointerSegment(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** An RFC 6901 JSON pointer from path segments: `["a/b", 0]` → `/a~1b/0`. */
export function jsonPointer(segments: readonly PropertyKey[]): string {
  return segments.map((segment) => `/${pointerSegment(String(segment))}`).join("");
}
