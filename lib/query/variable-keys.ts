/** Query keys for variables; invalidating `variableKeys.all` after a write refreshes every view of them. */
export const variableKeys = {
  all: ["variables"] as const,
  environments: () => [...variableKeys.all, "environment"] as const,
  environment: (environment: string) => [...variableKeys.environments(), environment] as const,
  details: () => [...variableKeys.all, "detail"] as const,
  detail: (name: string) => [...variableKeys.details(), name] as const,
  usedBy: (name: string) => [...variableKeys.detail(name), "used-by"] as const,
};
