import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import type { HealthResult } from "../health/types";
import { approvalKeys } from "./approval-queries";
import { healthKeys } from "./health-queries";
import { serverKeys } from "./server-keys";

type HealthEvent = { name: string; health: HealthResult };
type ListPage = { mcp_servers: { name: string; health: { status: string; checked_at: string | null; latency_ms: number | null } }[] };

/**
 * Subscribes to GET /api/health/events while mounted (mount it once per page) and writes every status change
 * into the query cache: dots, panels and server-list rows update without a reload, and approval inboxes re-read on
 * every `approval` event. EventSource reconnects by
 * itself; each (re)connect refetches health, since changes may have been missed while disconnected.
 */
export function useHealthEvents(): void {
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
    source.onmessage = (message) => applyHealthEvent(client, JSON.parse(message.data) as HealthEvent);
    // Approval requests added, decided or consumed anywhere: the inbox re-reads its page.
    source.addEventListener("approval", () => void client.invalidateQueries({ queryKey: approvalKeys.all }));
    return () => source.close();
  }, [client]);
}

export function applyHealthEvent(client: QueryClient, { name, health }: HealthEvent): void {
  client.setQueryData(healthKeys.latest(name), health);
  void client.invalidateQueries({ queryKey: healthKeys.detail(name) });
  client.setQueriesData<ListPage>({ queryKey: serverKeys.lists() }, (page) => {
    if (!page?.mcp_servers?.some((server) => server.name === name)) return page;
    const summary = { status: health.status, checked_at: health.checked_at, latency_ms: health.latency_ms };
    return { ...page, mcp_servers: page.mcp_servers.map((server) => (server.name === name ? { ...server, health: summary } : server)) };
  });
}
