import { queryOptions } from "@tanstack/react-query";

import type { EnvironmentVariables, VariableInput, VariableOutput } from "../schemas/variable";
import { entityKeys, ifMatch, useDeleteDefinition, useWrite } from "./entity";
import { fetchJson } from "./fetch-json";

const variableEntity = entityKeys("variables");

/** Query keys for variables; invalidating `variableKeys.all` after a write refreshes every view of them. */
export const variableKeys = {
  ...variableEntity,
  environments: () => [...variableEntity.all, "environment"] as const,
  environment: (environment: string) => [...variableEntity.all, "environment", environment] as const,
};

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

/** PUT the variable; with `revision` (an edit) only over that revision (If-Match), else 412. */
export function useSaveVariable() {
  return useWrite(
    ({ input, revision }: { input: VariableInput; revision?: number }) =>
      fetchJson<{ variable: VariableOutput }>(variablePath(input.name), { method: "PUT", json: input, headers: ifMatch(revision) }).then((body) => body.variable),
    // Not awaited: the form closes on the saved answer; the lists refresh behind it (an environment's table
    // resolves every server, which takes seconds in a large registry).
    (client) => { void client.invalidateQueries({ queryKey: variableKeys.all }); },
  );
}

/** DELETE over `revision`; a 409 (still used) carries `used_by`, then `force` deletes anyway. */
export function useDeleteVariable(name: string) {
  return useDeleteDefinition(variablePath(name), (client) => {
    client.removeQueries({ queryKey: variableKeys.detail(name) });
    return client.invalidateQueries({ queryKey: variableKeys.all });
  });
}
