import type { ServerListFilters } from "./list-filters";

/** Query keys for servers; invalidating a prefix (`serverKeys.all`, `serverKeys.detail(name)`) covers all below it. */
export const serverKeys = {
  all: ["servers"] as const,
  lists: () => [...serverKeys.all, "list"] as const,
  list: (filters: ServerListFilters) => [...serverKeys.lists(), filters] as const,
  details: () => [...serverKeys.all, "detail"] as const,
  detail: (name: string) => [...serverKeys.details(), name] as const,
  raw: (name: string) => [...serverKeys.detail(name), "raw"] as const,
  resolved: (name: string, environment: string | null) => [...serverKeys.detail(name), "resolved", environment] as const,
  usedBy: (name: string) => [...serverKeys.detail(name), "used-by"] as const,
  /** The revision too: an edit elsewhere makes the same parameters worth asking about again. */
  validation: (name: string, body: unknown, revision: number) => [...serverKeys.detail(name), "validate", revision, body] as const,
  picker: (search: string) => [...serverKeys.lists(), "picker", search] as const,
  nameCheck: (name: string) => [...serverKeys.all, "name-check", name] as const,
};

export const environmentKeys = {
  all: ["environments"] as const,
};
