import type { FieldError } from "../errors";
import type { NormalizedToolResult } from "../health/normalize-content";
import type { HealthResult, ProbeResult } from "../health/types";

export type ServerHealth = { name: string; health: HealthResult; history: HealthResult[] };
export type ToolCallResult = NormalizedToolResult & { latency_ms: number };
export type ConnectionInput = { environment?: string; parameters?: Record<string, unknown> };

/** A non-2xx answer, with the problem+json body's detail and field errors. */
export class HealthApiError extends Error {
  constructor(readonly status: number, detail: string, readonly errors: FieldError[] = []) {
    super(detail);
    this.name = "HealthApiError";
  }
}

const serverPath = (name: string) => `/api/mcp-servers/${encodeURIComponent(name)}`;

export const fetchServerHealth = (name: string) => request<ServerHealth>(`${serverPath(name)}/health`);

export const recheckServer = (name: string) => request<HealthResult>(`${serverPath(name)}/health-check`, { method: "POST" });

export const testConnection = (name: string, input: ConnectionInput) =>
  request<ProbeResult>(`${serverPath(name)}/test`, { method: "POST", body: input });

export const callTool = (name: string, tool: string, input: ConnectionInput & { arguments: Record<string, unknown> }) =>
  request<ToolCallResult>(`${serverPath(name)}/tools/${encodeURIComponent(tool)}/call`, { method: "POST", body: input });

export const fetchEnvironments = () => request<{ current: string; environments: string[] }>("/api/environments");

async function request<T>(path: string, { method = "GET", body }: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    const problem = (payload ?? {}) as { detail?: string; title?: string; errors?: FieldError[] };
    throw new HealthApiError(response.status, problem.detail ?? problem.title ?? `HTTP ${response.status}`, problem.errors);
  }
  return payload as T;
}
