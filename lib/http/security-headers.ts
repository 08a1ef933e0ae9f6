/**
 * The definition forms check a parameters schema as you type with the API's own zod schema, and Ajv compiles
 * JSON Schemas into functions: those pages (and only those) allow eval.
 */
const EVAL_PAGES = /^\/(mcp-servers|capabilities|agents)\/([^/]+\/edit|new)$/;

export function allowsEval(pathname: string): boolean {
  return EVAL_PAGES.test(pathname);
}

/**
 * Pages: Next's inline bootstrap runs by nonce, Monaco needs inline styles and same-origin workers, and
 * nothing may load from anywhere else.
 */
export function pageContentSecurityPolicy(nonce: string, { allowEval }: { allowEval: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${allowEval ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
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
