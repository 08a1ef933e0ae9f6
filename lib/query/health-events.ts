import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import type { HealthResult } from "../health/types";
import { approvalKeys } from "./approvals";
import { healthKeys, recordProbe } from "./health";
import { serverKeys } from "./servers";

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
