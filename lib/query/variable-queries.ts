import { queryOptions } from "@tanstack/react-query";

import type { EnvironmentVariables, VariableOutput } from "../schemas/variable";
import { fetchJson } from "./fetch-json";
import { variableKeys } from "./variable-keys";

export type EnvironmentVariable = EnvironmentVariables["variables"][number];

export function variablePath(name: string): string {
  return `/api/variables/${encodeURIComponent(name)}`;
}

/** Every variable with the value `environment` gets (a secret's only as `••••`), its users, and what stays unresolved. */
export function environmentVariablesQuery(environment: string) {
  return queryOptions({
    queryKey: variableKeys.environment(environment),
    queryFn: ({ signal }) => fetchJson<EnvironmentVariables>(`/api/environments/${encodeURIComponent(environment)}/variables`, { signal }),
  });
}

/** One variable as stored (secret values masked), fetched fresh when an edit form opens. */
export function variableQuery(name: string) {
  return queryOptions({
    queryKey: variableKeys.detail(name),
    queryFn: async ({ signal }) => (await fetchJson<{ variable: VariableOutput }>(variablePath(name), { signal })).variable,
    staleTime: 0,
  });
}

/** The servers whose definitions name `${name}`. */
export function variableUsedByQuery(name: string) {
  return queryOptions({
    queryKey: variableKeys.usedBy(name),
    queryFn: ({ signal }) => fetchJson<{ mcp_servers: { name: string }[] }>(`${variablePath(name)}/used-by`, { signal }),
    staleTime: 0,
  });
}
