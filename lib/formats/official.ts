import { isPlainObject } from "../schemas/server-fields";
import { keepValidIcons } from "../schemas/server-icons";
import { emptyDraft, failedDraft, pointer, pushServer, text } from "./draft";
import { PATCHBAY_META, PUBLISHER_META } from "./official-export";
import { chooseTransport, read } from "./official-transport";
import type { Draft } from "./types";

type Json = Record<string, unknown>;
/** One version of a server: its server.json, the registry's metadata about it, and where it sits in the document. */
type Entry = { server: Json; meta: Json; source: string };

const OFFICIAL_META = "io.modelcontextprotocol.registry/official";
const LEGACY_META = "x-io.modelcontextprotocol.registry";
const SCHEMA_HOST = "modelcontextprotocol.io/schemas/";
/** What a Patchbay export keeps in its `_meta` block beyond name, description, version and transport. */
const PATCHBAY_FIELDS = ["icons", "parameters_schema", "support", "environments", "tags", "provides", "tools"];
const NO_TRANSPORT = "has no streamable-http or sse remote and no package that npx, uvx, docker or dnx can run";

/** A server.json, the `/v0/servers` envelope `{servers: [{server, _meta}]}`, or a bare array of `{server, _meta}`. */
export function matchesOfficial(document: unknown): boolean {
  const isWrapped = (entry: unknown) => isPlainObject(entry) && isPlainObject(entry.server);
  if (Array.isArray(document)) return document.some(isWrapped);
  if (!isPlainObject(document)) return false;
  if (Array.isArray(document.servers)) return document.servers.some(isWrapped);
  if (typeof document.name !== "string") return false;
  if (typeof document.$schema === "string" && document.$schema.includes(SCHEMA_HOST)) return true;
  return (Array.isArray(document.remotes) || Array.isArray(document.packages)) && document.transport === undefined;
}

/**
 * Every schema version, snake_case (2025-07) and camelCase (2025-09 onward). Several versions of one name
 * import as one server. A server.json exported by Patchbay carries the whole definition in its `_meta`
 * block, and that block wins, so an export imports back unchanged.
 */
export function convertOfficial(document: unknown): Draft {
  const entries = entriesOf(document);
  if (!entries) return failedDraft("", "must be a server.json, a {servers: [{server, _meta}]} list or an array of {server, _meta}");

  const draft = emptyDraft();
  const latest = new Map<string, Entry>();
  for (const entry of entries) {
    const name = entry.server.name;
    if (typeof name !== "string" || name === "") {
      draft.errors.push({ path: `${entry.source}/name`, message: "is required" });
      continue;
    }
    const current = latest.get(name);
    if (!current || isNewer(entry, current)) latest.set(name, entry);
  }

  for (const entry of latest.values()) addServer(draft, entry);
  return draft;
}

function entriesOf(document: unknown): Entry[] | null {
  if (Array.isArray(document)) return document.map((item, index) => entryOf(item, pointer(index)));
  if (!isPlainObject(document)) return null;
  if (Array.isArray(document.servers)) return document.servers.map((item, index) => entryOf(item, pointer("servers", index)));
  return typeof document.name === "string" ? [entryOf(document, "")] : null;
}

function entryOf(item: unknown, source: string): Entry {
  const isWrapped = isPlainObject(item) && isPlainObject(item.server);
  const server = isWrapped ? (item.server as Json) : isPlainObject(item) ? item : {};
  // 2025-09 onward: beside the server; 2025-07: sometimes inside it, under the older key too.
  const metas = [isWrapped ? item._meta : undefined, server._meta]
    .filter(isPlainObject)
    .map((meta) => meta[OFFICIAL_META] ?? meta[LEGACY_META]);
  return { server, meta: metas.find(isPlainObject) ?? {}, source: isWrapped ? `${source}/server` : source };
}

/** The version marked latest wins; else the newest publishedAt; on a tie, the later one in the document. */
function isNewer(candidate: Entry, current: Entry): boolean {
  const [isCandidateLatest, isCurrentLatest] = [read(candidate.meta, "isLatest") === true, read(current.meta, "isLatest") === true];
  if (isCandidateLatest !== isCurrentLatest) return isCandidateLatest;
  return publishedAt(candidate) >= publishedAt(current);
}

function publishedAt(entry: Entry): number {
  const time = Date.parse(String(read(entry.meta, "publishedAt")));
  return Number.isNaN(time) ? -Infinity : time;
}

function addServer(draft: Draft, { server, meta, source }: Entry): void {
  const name = server.name as string;
  if ((text(meta.status) ?? text(server.status)) === "deleted") {
    draft.skipped.push({ name, reason: "is deleted in the official registry" });
    return;
  }

  const patchbay = patchbayBlock(server);
  const transport = isPlainObject(patchbay?.transport) ? patchbay.transport : chooseTransport(server, name);
  const result = transport ? { transport } : { skip: NO_TRANSPORT };
  if (patchbay) {
    const head = { name: text(patchbay.name) ?? name, description: patchbay.description ?? server.description, version: patchbay.version };
    const fields = Object.fromEntries(PATCHBAY_FIELDS.map((field) => [field, patchbay[field]]));
    pushServer(draft, source, head, result, fields);
    return;
  }

  const version = text(server.version) ?? (isPlainObject(server.version_detail) ? text(server.version_detail.version) : undefined);
  const repository = isPlainObject(server.repository) ? text(server.repository.url) : undefined;
  const documentation = text(read(server, "websiteUrl")) ?? (repository || undefined);
  pushServer(draft, source, { name, description: server.description, version }, result, {
    // Icons Patchbay would refuse (http:, an unknown type) are left out; the server imports without them.
    icons: keepValidIcons(server.icons),
    support: documentation ? { documentation_url: documentation } : undefined,
  });
}

function patchbayBlock(server: Json): Json | undefined {
  const meta = isPlainObject(server._meta) ? server._meta[PUBLISHER_META] : undefined;
  const block = isPlainObject(meta) ? meta[PATCHBAY_META] : undefined;
  return isPlainObject(block) ? block : undefined;
}
