import { queryOptions } from "@tanstack/react-query";

import type { AgentSummary, ClientFormat, StoredAgent } from "../schemas/agent";
import type { FieldError } from "../errors";
import { documentKeys, documentListQuery, documentPath, documentQuery, type DocumentKind } from "./document-queries";
import { fetchJson } from "./fetch-json";

export const AGENT: DocumentKind = { collection: "agents", key: "agent" };

/** Query keys for agents; a blueprint sits under its agent's detail key, so saving the agent refreshes it. */
export const agentKeys = {
  ...documentKeys(AGENT),
  blueprint: (name: string, body: BlueprintBody, format?: ClientFormat) =>
    [...documentKeys(AGENT).detail(name), "blueprint", body, format ?? "blueprint"] as const,
};

export type BlueprintBody = { environment?: string; parameters?: Record<string, Record<string, unknown>> };
export type Blueprint = { agent: StoredAgent & { mcp_servers: Record<string, Record<string, unknown>> }; environment: string; warnings: FieldError[] };

export const agentListQuery = (search: string) => documentListQuery<AgentSummary>(AGENT, search);
export const agentQuery = (name: string) => documentQuery<StoredAgent>(AGENT, name);

/** The blueprint is a POST that changes nothing, so it is cached like a read, keyed by its body. */
export function blueprintQuery(name: string, body: BlueprintBody) {
  return queryOptions({
    queryKey: agentKeys.blueprint(name, body),
    queryFn: ({ signal }) => fetchJson<Blueprint>(`${documentPath(AGENT, name)}/blueprint`, { method: "POST", json: body, signal }),
    retry: false,
  });
}

/** One client's config file (`?format=`), for the environment in `body`; keyed like the blueprint it is made from. */
export function clientFileQuery(name: string, body: BlueprintBody, format: ClientFormat) {
  return queryOptions({
    queryKey: agentKeys.blueprint(name, body, format),
    queryFn: ({ signal }) => fetchJson<unknown>(`${documentPath(AGENT, name)}/blueprint?format=${format}`, { method: "POST", json: body, signal }),
    retry: false,
  });
}
