/**
 * Where a person connects their own account to a `per_user` server (DESIGN §17): the server's page, at its OAuth card
 * (id "oauth"), which has a Connect button per environment.
 */
export function connectPageUrl(baseUrl: string, server: string, environment: string): string {
  return `${baseUrl}/mcp-servers/${encodeURIComponent(server)}?environment=${encodeURIComponent(environment)}#oauth`;
}

/** What a per_user call without the caller's connection tells them (a tool error, a URL elicitation's message, a problem's detail). */
export function connectMessage(server: string, environment: string, url: string): string {
  return `MCP server '${server}' signs in per person and you have not connected your account to it in '${environment}': connect at ${url}, then call again.`;
}
