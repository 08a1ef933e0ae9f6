import { SERVER_SORTS, type ServerSort } from "../schemas/server-query";

/** The servers list's filters, as kept in the page URL (shareable) and sent to the API. */
export type ServerListFilters = {
  search?: string;
  tags: string[];
  transport?: string;
  health: string[];
  /** The order (GET /api/mcp-servers `sort`); absent means by name. */
  sort?: ServerSort;
  cursor?: string;
  /** The page number shown (in the URL only, never sent to the API); page 1 has no cursor. */
  page?: number;
};

export const PAGE_SIZE = 50;
export const TRANSPORT_FILTERS = ["http", "sse", "stdio"] as const;
export const HEALTH_FILTERS = ["healthy", "degraded", "auth_required", "not_mcp", "unhealthy", "unknown", "skipped"] as const;

type ParamSource = { get(name: string): string | null };

/** Reads the filters from `URLSearchParams` (browser) or Next's searchParams record (server) alike. */
export function parseListFilters(params: ParamSource): ServerListFilters {
  const search = params.get("search")?.trim();
  const transport = params.get("transport");
  const sort = params.get("sort");
  return {
    ...(search ? { search } : {}),
    tags: splitList(params.get("tags")),
    ...(transport && (TRANSPORT_FILTERS as readonly string[]).includes(transport) ? { transport } : {}),
    health: splitList(params.get("health")).filter((status) => (HEALTH_FILTERS as readonly string[]).includes(status)),
    ...(sort && sort !== "name" && (SERVER_SORTS as readonly string[]).includes(sort) ? { sort: sort as ServerSort } : {}),
    ...(params.get("cursor") ? { cursor: params.get("cursor")!, page: pageOf(params.get("page")) } : {}),
  };
}

/** The query string for both the page URL and the API; empty filters are left out. */
export function toSearchParams(filters: ServerListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set("search", filters.search);
  if (filters.tags.length) params.set("tags", filters.tags.join(","));
  if (filters.transport) params.set("transport", filters.transport);
  if (filters.health.length) params.set("health", filters.health.join(","));
  if (filters.sort && filters.sort !== "name") params.set("sort", filters.sort);
  if (filters.cursor) params.set("cursor", filters.cursor);
  if (filters.cursor && filters.page) params.set("page", String(filters.page));
  return params;
}

/** The API's query string: the page number is the URL's alone. */
export function toApiSearchParams(filters: ServerListFilters): URLSearchParams {
  return toSearchParams({ ...filters, page: undefined });
}

/** A page after the first; an unreadable number shows none rather than a wrong one. */
function pageOf(value: string | null): number | undefined {
  const page = Number(value);
  return Number.isInteger(page) && page >= 2 ? page : undefined;
}

export function recordParams(record: Record<string, string | string[] | undefined>): ParamSource {
  return { get: (name) => { const value = record[name]; return (Array.isArray(value) ? value[0] : value) ?? null; } };
}

export function hasFilters(filters: ServerListFilters): boolean {
  return Boolean(filters.search || filters.tags.length || filters.transport || filters.health.length);
}

function splitList(value: string | null): string[] {
  return [...new Set((value ?? "").split(",").map((item) => item.trim()).filter(Boolean))];
}
