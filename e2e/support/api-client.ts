import { randomUUID } from "node:crypto";

import { allOperations } from "../../lib/api/all-operations";

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T; text: string };

/** A tiny HTTP client for API tests: real requests, JSON in and out, nothing mocked. */
export function apiClient(baseUrl: string, defaultHeaders: Record<string, string> = {}) {
  async function request<T = any>(method: string, path: string, options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}): Promise<ApiResponse<T>> {
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...defaultHeaders, ...options.headers },
      body,
      redirect: "manual",
    });
    const text = await response.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
    assertDeclaredShape(method, new URL(response.url || `${baseUrl}${path}`).pathname, response, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }
  return {
    request,
    get: <T = any>(path: string, headers?: Record<string, string>) => request<T>("GET", path, { headers }),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => request<T>("POST", path, { body, headers }),
    put: <T = any>(path: string, body: unknown, headers?: Record<string, string>) => request<T>("PUT", path, { body, headers }),
    patch: <T = any>(path: string, body: unknown, headers?: Record<string, string>) => request<T>("PATCH", path, { body, headers }),
    delete: <T = any>(path: string, headers?: Record<string, string>) => request<T>("DELETE", path, { headers }),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/**
 * Every item of a cursor-paged list, in order: GET `path` (which carries its own query, `limit` included), then
 * each `next_cursor` page until there is none; `key` names the list in the body (`tools`, `mcp_servers`, …).
 */
export async function everyPage<T = any>(client: ApiClient, path: string, key: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: ApiResponse<Record<string, unknown>> = await client.get(`${path}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}: ${page.text}`);
    items.push(...(page.body[key] as T[]));
    cursor = page.body.next_cursor as string | null;
  } while (cursor);
  return items;
}

/** `/api/mcp-servers/{name}` as a pattern; the most literal template wins when several match (fewest parameters). */
const templates = allOperations
  .map((operation) => ({ operation, pattern: new RegExp(`^${operation.path.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`), params: (operation.path.match(/\{/g) ?? []).length }))
  .sort((a, b) => a.params - b.params);

/**
 * Every 2xx JSON answer must match the schema its operation declares for that status: a mismatch fails the
 * test that made the request, so the OpenAPI document and the code cannot drift apart unnoticed.
 */
function assertDeclaredShape(method: string, pathname: string, response: Response, body: unknown): void {
  if (response.status < 200 || response.status >= 300) return;
  if (!/^application\/json\b/.test(response.headers.get("content-type") ?? "")) return;
  const match = templates.find(({ operation, pattern }) => operation.method === method && pattern.test(pathname));
  const schema = match?.operation.responses[response.status]?.schema;
  if (!match || !schema) return;

  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${method} ${pathname} → ${response.status} does not match the schema of ${match.operation.method} ${match.operation.path}:\n${result.error.message}`);
  }
}

/** A name no other test uses: tests share one database and depend on no one else's data. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export function httpServer(name: string, overrides: Record<string, unknown> = {}) {
  return {
    name,
    description: `Test server ${name}`,
    version: "1.0.0",
    transport: { type: "http", url: "http://127.0.0.1:9/mcp" },
    ...overrides,
  };
}
