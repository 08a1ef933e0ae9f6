import { queryOptions } from "@tanstack/react-query";

import type { HealthResult, ProbeResult } from "../health/types";
import { fetchJson } from "./fetch-json";
import { serverPath } from "./server-queries";
import type { ConnectionInput, ServerHealth, ToolCallResult } from "./types";

/** Query keys for health; invalidating `healthKeys.all` covers every entry below it. */
export const healthKeys = {
  all: ["health"] as const,
  /** GET …/health: `{name, health, history}`. */
  detail: (name: string) => [...healthKeys.all, "detail", name] as const,
  /** The latest R alone, kept current by the event stream; what dots read. */
  latest: (name: string) => [...healthKeys.all, "latest", name] as const,
};

export const fetchServerHealth = (name: string, signal?: AbortSignal) => fetchJson<ServerHealth>(`${serverPath(name)}/health`, { signal });

export function serverHealthQuery(name: string) {
  return queryOptions({ queryKey: healthKeys.detail(name), queryFn: ({ signal }) => fetchServerHealth(name, signal) });
}

export const recheckServer = (name: string) => fetchJson<HealthResult>(`${serverPath(name)}/health-check`, { method: "POST" });

export const testConnection = (name: string, input: ConnectionInput) =>
  fetchJson<ProbeResult>(`${serverPath(name)}/test`, { method: "POST", json: input });

export const callTool = (name: string, tool: string, input: ConnectionInput & { arguments: Record<string, unknown> }) =>
  fetchJson<ToolCallResult>(`${serverPath(name)}/tools/${encodeURIComponent(tool)}/call`, { method: "POST", json: input });
