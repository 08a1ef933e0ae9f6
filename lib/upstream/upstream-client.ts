import { getConfig } from "../env";
import { ApiError, NotFoundError } from "../errors";
import { getProbeSettings } from "../health/probe-settings";
import { createSafeFetch } from "../mcp/safe-fetch";
import { isPlainObject } from "../schemas/server-fields";

type OfficialEntry = { server: { name: string; description?: unknown; version?: unknown }; _meta?: unknown };
export type UpstreamPage = { entries: OfficialEntry[]; nextCursor: string | null };

/** Servers per upstream page: the official registry's default is 30, its maximum 100. */
const PAGE_SIZE = 50;

/** The upstream registry did not answer as the official API does: 502, with what went wrong (no URL secrets: it has none). */
export class UpstreamFailedError extends ApiError {
  constructor(detail: string) {
    super(502, "upstream-failed", "Upstream registry failed", detail);
  }
}

/** GET {base}/servers — latest versions only, one page, through the probes' outbound policy (DESIGN §13). */
export async function fetchUpstreamPage({ search, cursor }: { search?: string; cursor?: string }): Promise<UpstreamPage> {
  const url = new URL(`${upstreamBase()}/servers`);
  url.searchParams.set("limit", String(PAGE_SIZE));
  url.searchParams.set("version", "latest");
  if (search) url.searchParams.set("search", search);
  if (cursor) url.searchParams.set("cursor", cursor);

  const body = await getJson(url);
  if (!isPlainObject(body) || !Array.isArray(body.servers)) throw new UpstreamFailedError("The upstream registry's answer has no `servers` list.");
  const entries = body.servers.filter(isEntry);
  const next = isPlainObject(body.metadata) && typeof body.metadata.nextCursor === "string" && body.metadata.nextCursor !== "" ? body.metadata.nextCursor : null;
  return { entries, nextCursor: next };
}

/** GET {base}/servers/{name}/versions/latest; 404 when upstream knows no such name. */
export async function fetchUpstreamLatest(name: string): Promise<OfficialEntry> {
  const url = new URL(`${upstreamBase()}/servers/${encodeURIComponent(name)}/versions/latest`);
  const body = await getJson(url, name);
  if (!isEntry(body)) throw new UpstreamFailedError(`The upstream registry's answer for '${name}' is not a {server, _meta} entry.`);
  return body;
}

function upstreamBase(): string {
  const base = getConfig().PATCHBAY_UPSTREAM_URL;
  if (!base) throw new NotFoundError("No upstream registry is configured (PATCHBAY_UPSTREAM_URL).");
  return base.replace(/\/+$/, "");
}

async function getJson(url: URL, name?: string): Promise<unknown> {
  const { policy, timeoutMs } = getProbeSettings();
  const fetch = createSafeFetch(policy, { timeoutMs, crossOriginRedirects: "strip-headers" });
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: "application/json" } });
  } catch (error) {
    throw new UpstreamFailedError(`The upstream registry could not be reached: ${(error as Error).message}`);
  }
  if (response.status === 404 && name !== undefined) throw new NotFoundError(`The upstream registry has no server named '${name}'.`);
  if (!response.ok) throw new UpstreamFailedError(`The upstream registry answered ${response.status} for ${url.pathname}.`);
  try {
    return await response.json();
  } catch {
    throw new UpstreamFailedError(`The upstream registry's answer for ${url.pathname} is not JSON.`);
  }
}

function isEntry(value: unknown): value is OfficialEntry {
  return isPlainObject(value) && isPlainObject(value.server) && typeof value.server.name === "string";
}
