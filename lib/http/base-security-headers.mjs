// @ts-check
/**
 * The security headers every response carries, pages and API alike (DESIGN §7): next.config.js sets them on
 * what Next answers, and the API's dispatcher (lib/http/dispatcher.ts) on what it answers. Plain JavaScript so
 * that next.config.js can import it.
 */
export const BASE_SECURITY_HEADERS = /** @type {const} */ ([
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
]);
