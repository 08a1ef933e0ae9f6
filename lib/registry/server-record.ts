import type { ServerInput } from "../schemas/server";
import type { HealthSummary, ServerSummary, StoredServer } from "../schemas/server-output";
import { managedByOf } from "../data/managed-by";
import { toSearchText } from "../data/search-text";

type StoredRow = { definition: string; revision: number; createdAt: Date; modifiedAt: Date; managedBy?: string | null };
export type ServerRow = StoredRow & { id: number; name: string };
type HealthRow = { status: string; checkedAt: Date | null; latencyMs: number | null } | null | undefined;

export const UNKNOWN_HEALTH: HealthSummary = { status: "unknown", checked_at: null, latency_ms: null };

export function definitionOf(row: { definition: string }): ServerInput {
  return JSON.parse(row.definition) as ServerInput;
}

/** What was entered, plus the server-set fields; key order as entered. */
export function toStoredServer(row: StoredRow): StoredServer {
  return {
    ...definitionOf(row),
    created_at: row.createdAt.toISOString(),
    modified_at: row.modifiedAt.toISOString(),
    revision: row.revision,
    ...managedByOf(row),
  };
}

export function toHealthSummary(health: HealthRow): HealthSummary {
  if (!health) return UNKNOWN_HEALTH;
  return {
    status: health.status as HealthSummary["status"],
    checked_at: health.checkedAt?.toISOString() ?? null,
    latency_ms: health.latencyMs,
  };
}

export function toServerSummary(row: StoredRow & { health?: HealthRow }): ServerSummary {
  const server = definitionOf(row);
  return {
    name: server.name,
    description: server.description,
    version: server.version ?? null,
    transport_type: server.transport.type,
    auth_type: server.auth?.type ?? null,
    auth_mode: server.auth?.type === "oauth" ? server.auth.mode ?? "shared" : null,
    tags: server.tags ?? [],
    provides: server.provides ?? [],
    has_parameters: Object.keys(server.parameters_schema?.properties ?? {}).length > 0,
    support: pickDefined({ version: server.support?.version, documentation_url: server.support?.documentation_url, owner: server.support?.owner }),
    ...(server.icons ? { icons: server.icons } : {}),
    health: toHealthSummary(row.health),
    modified_at: row.modifiedAt.toISOString(),
  };
}

/** The indexed columns that mirror a definition. */
export function columnsOf(server: ServerInput) {
  return {
    name: server.name,
    description: server.description,
    version: server.version ?? null,
    transportType: server.transport.type,
    searchText: toSearchText([server.name, server.description, ...(server.tags ?? []), ...(server.support?.owner ? [server.support.owner] : [])]),
    definition: JSON.stringify(server),
  };
}

function pickDefined<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
