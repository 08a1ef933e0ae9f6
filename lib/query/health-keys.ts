/** Query keys for health; invalidating `healthKeys.all` covers every entry below it. */
export const healthKeys = {
  all: ["health"] as const,
  /** GET …/health: `{name, health, history}`. */
  detail: (name: string) => [...healthKeys.all, "detail", name] as const,
  /** The latest R alone, kept current by the event stream; what dots read. */
  latest: (name: string) => [...healthKeys.all, "latest", name] as const,
  environments: () => [...healthKeys.all, "environments"] as const,
};

/** The dashboard's server-list queries (`serverKeys.lists()`): their summaries carry `health` too. */
export const SERVER_LIST_KEY = ["servers", "list"] as const;
