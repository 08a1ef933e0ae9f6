import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import type { HealthResult, ProbeResult } from "../health/types";
import { approvalKeys } from "./approvals";
import { useWrite } from "./entity";
import { fetchJson } from "./fetch-json";
import { environmentsQuery, serverKeys, serverPath } from "./servers";
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
export function useServerHealth(name: string) {
  return useQuery({ queryKey: healthKeys.detail(name), queryFn: ({ signal }) => fetchServerHealth(name, signal) });
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
 * server's health. Dots, list rows and the Health card show the registry's own environment (GET …/health's
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

type HealthEvent = { name: string; health: HealthResult };
type ListPage = { mcp_servers: { name: string; health: { status: string; checked_at: string | null; latency_ms: number | null } }[] };

/**
 * Subscribes to GET /api/health/events while mounted (mount it once per page) and writes every status change
 * into the query cache: dots, panels and server-list rows update without a reload, and approval inboxes re-read on
 * every `approval` event. EventSource reconnects by
 * itself; each (re)connect refetches health, since changes may have been missed while disconnected.
 */
export function useHealthEvents(ownEnvironment: string): void {
  const client = useQueryClient();

  useEffect(() => {
    const source = new EventSource("/api/health/events");
    let hasOpened = false;
    source.onopen = () => {
      if (hasOpened) {
        void client.invalidateQueries({ queryKey: healthKeys.all });
        void client.invalidateQueries({ queryKey: approvalKeys.all });
      }
      hasOpened = true;
    };
    source.onmessage = (message) => applyHealthEvent(client, JSON.parse(message.data) as HealthEvent, ownEnvironment);
    // Approval requests added, decided or consumed anywhere: the inbox re-reads its page.
    source.addEventListener("approval", () => void client.invalidateQueries({ queryKey: approvalKeys.all }));
    return () => source.close();
  }, [client, ownEnvironment]);
}

/** `ownEnvironment`: the one dots and rows show; an event of another environment changes none of them. */
function applyHealthEvent(client: QueryClient, { name, health }: HealthEvent, ownEnvironment: string): void {
  if (!recordProbe(client, name, health, ownEnvironment)) return;
  client.setQueriesData<ListPage>({ queryKey: serverKeys.lists() }, (page) => {
    if (!page?.mcp_servers?.some((server) => server.name === name)) return page;
    const summary = { status: health.status, checked_at: health.checked_at, latency_ms: health.latency_ms };
    return { ...page, mcp_servers: page.mcp_servers.map((server) => (server.name === name ? { ...server, health: summary } : server)) };
  });
}
