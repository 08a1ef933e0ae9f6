import { BASE_SECURITY_HEADERS } from "./base-security-headers.mjs";

/** What every API answer carries (lib/http/dispatcher.ts): the base headers, and a CSP that lets nothing load or frame it. */
export const API_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(BASE_SECURITY_HEADERS.map(({ key, value }) => [key, value])),
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Pages: Next's inline bootstrap runs by nonce, Monaco needs inline styles and same-origin workers, and
 * nothing may load from anywhere else. No page allows eval (JSON Schemas are checked in the browser by
 * precompiled validators, lib/schemas/json-schema-shape.ts); only `next dev` gets it, for React's dev tooling.
 */
export function pageContentSecurityPolicy(nonce: string, { isDevelopment }: { isDevelopment: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${isDevelopment ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // server icons (an https: URL or a data: image, lib/schemas/server-icons.ts); never http:
    "img-src 'self' data: blob: https:",
    // tool results play audio from data: URLs (the health panel's tool calls)
    "media-src 'self' data:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
