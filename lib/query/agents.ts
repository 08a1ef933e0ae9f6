import { queryOptions } from "@tanstack/react-query";

import type { AgentSummary, ClientFormat, StoredAgent } from "../schemas/agent";
import type { FieldError } from "../errors";
import { documentKeys, documentListQuery, documentPath, documentQuery, type DocumentKind } from "./documents";
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

/**
 * The blueprint is a POST that changes nothing, so it is cached like a read, keyed by its body; with `format`,
 * one client's config file (`?format=`) for the environment in `body`.
 */
function blueprintPost<T>(name: string, body: BlueprintBody, format?: ClientFormat) {
  return queryOptions({
    queryKey: agentKeys.blueprint(name, body, format),
    queryFn: ({ signal }) =>
      fetchJson<T>(`${documentPath(AGENT, name)}/blueprint${format ? `?format=${format}` : ""}`, { method: "POST", json: body, signal }),
    retry: false,
  });
}

export const blueprintQuery = (name: string, body: BlueprintBody) => blueprintPost<Blueprint>(name, body);
export const clientFileQuery = (name: string, body: BlueprintBody, format: ClientFormat) => blueprintPost<unknown>(name, body, format);
