import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";

import type { HealthResult, ProbeResult } from "../health/types";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { promptKeys } from "./prompts";
import { environmentsQuery, serverPath } from "./servers";
import { toolKeys } from "./tools";
import type { ConnectionInput, Environments, ServerHealth } from "./types";

/** Query keys for health; invalidating `healthKeys.all` covers every entry below it. */
export const healthKeys = {
  all: ["health"] as const,
  /** GET …/health: `{name, environment, health, history}`, for the registry's own environment. */
  detail: (name: string) => [...healthKeys.all, "detail", name] as const,
  /** The latest R alone, kept current by the event stream; what dots read. */
  latest: (name: string) => [...healthKeys.all, "latest", name] as const,
};

const fetchServerHealth = (name: string, signal?: AbortSignal) => fetchJson<ServerHealth>(`${serverPath(name)}/health`, { signal });

/** The server's latest health and its recent history. */
export const serverHealthQuery = (name: string) =>
  queryOptions({ queryKey: healthKeys.detail(name), queryFn: ({ signal }) => fetchServerHealth(name, signal) });

export function useServerHealth(name: string) {
  return useQuery(serverHealthQuery(name));
}

/** The latest status of one server: what a list row already knows, then whatever the event stream says. */
export function useLatestHealth(name: string, known?: HealthResult["status"]) {
  const { data } = useQuery({
    queryKey: healthKeys.latest(name),
    queryFn: async ({ signal }) => (await fetchServerHealth(name, signal)).health,
    enabled: known === undefined,
    staleTime: Infinity,
  });
  return data?.status ?? known ?? "unknown";
}

/**
 * Every probe is recorded (and every event says one was), so a re-check or a test connection refreshes the
 * server's health — and its tools and prompts, which a successful probe catalogs (DESIGN §11): the Tools card said
 * "No probe has succeeded yet" beside a healthy Health card until the page was reloaded. Dots, list rows and the Health card show the registry's own environment (GET …/health's
 * default): a probe of another environment — a test run there — is re-read from the server, never written
 * over them, or the page's badge would say "unhealthy" for staging beside a card saying "unknown" for production.
 */
export function recordProbe(client: QueryClient, name: string, result: HealthResult, ownEnvironment?: string): boolean {
  const shown = ownEnvironment
    ?? client.getQueryData<ServerHealth>(healthKeys.detail(name))?.environment
    ?? client.getQueryData<Environments>(environmentsQuery().queryKey)?.current;
  const isShown = result.environment === null || shown === undefined || result.environment === shown;
  if (isShown) client.setQueryData(healthKeys.latest(name), result);
  void client.invalidateQueries({ queryKey: healthKeys.detail(name) });
  void client.invalidateQueries({ queryKey: toolKeys.ofServer(name) });
  void client.invalidateQueries({ queryKey: toolKeys.catalogs() });
  void client.invalidateQueries({ queryKey: promptKeys.ofServer(name) });
  return isShown;
}

/** POST …/health-check now, instead of waiting for the scheduler. */
export function useRecheck(name: string) {
  return useWrite(
    () => fetchJson<HealthResult>(`${serverPath(name)}/health-check`, { method: "POST" }),
    (client, result) => void recordProbe(client, name, result),
  );
}

/** A live handshake for an environment with parameters; recorded like any probe. */
export function useTestConnection(name: string) {
  return useWrite(
    (input: ConnectionInput) => fetchJson<ProbeResult>(`${serverPath(name)}/test`, { method: "POST", json: input }),
    (client, result) => void recordProbe(client, name, result),
  );
}
