import { createHash } from "node:crypto";

import canonicalize from "canonicalize";

/**
 * A request body as part of a read-model key: SHA-256 of its RFC 8785 (JCS) canonical form, so bodies that
 * differ only in key order or spacing share one entry, and a key stays 43 characters however large the body.
 */
export function bodyKey(body: unknown): string {
  return createHash("sha256").update(canonicalize(body ?? null) ?? "null").digest("base64url");
}
