/**
 * Where a server's `documentation_url` or `api_reference_url` links (DESIGN §19, seed 003): an absolute http(s) URL as
 * written; a relative one (`/docs/components/context-store/MCP.md`) against the server's URL, when that is an
 * absolute http(s) URL without placeholders. Otherwise null: shown as text, never a link (a `javascript:` URL typed
 * into a definition must never run).
 */
export function supportLink(href: string, serverUrl: string | undefined): string | null {
  if (/^https?:\/\//i.test(href)) return href;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || !serverUrl || /\$\{|\{\{/.test(serverUrl) || !/^https?:\/\//i.test(serverUrl)) return null;
  if (!URL.canParse(href, serverUrl)) return null;
  const resolved = new URL(href, serverUrl);
  return resolved.protocol === "http:" || resolved.protocol === "https:" ? resolved.href : null;
}
