/**
 * JSON in any of its media types (DESIGN §14): `application/json`, `application/merge-patch+json` and every
 * other `application/*+json`, parameters (`; charset=utf-8`) aside.
 */
export function isJsonMediaType(contentType: string | null): boolean {
  const mediaType = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return mediaType === "application/json" || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType);
}
