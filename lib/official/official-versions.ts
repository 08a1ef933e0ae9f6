import { getDb } from "../db";
import { NotFoundError } from "../errors";
import type { Visibility } from "../auth/visibility";
import { findRow, toVisibleEntry } from "./official-servers";

/** What server.json says when a definition has no version (DESIGN §13). */
const NO_VERSION = "0.0.0";

type VersionSpan = { version: string; first: { at: Date }; last: { at: Date; revision: number; snapshot: string } };

/**
 * A server's versions (DESIGN §13): the distinct `version` values across its revisions, newest first. Each is
 * the last revision that carried it, published when it first appeared; the server's current version is the
 * latest one.
 */
async function versionSpans(serverId: number): Promise<VersionSpan[]> {
  const rows = await getDb().revision.findMany({
    where: { entityType: "server", entityId: serverId, action: { not: "delete" } },
    orderBy: { revision: "asc" },
    select: { revision: true, at: true, snapshot: true },
  });
  const spans = new Map<string, VersionSpan>();
  for (const row of rows) {
    const version = (JSON.parse(row.snapshot) as { version?: string }).version ?? NO_VERSION;
    const span = spans.get(version);
    if (span) span.last = row;
    else spans.set(version, { version, first: row, last: row });
  }
  return [...spans.values()].sort((a, b) => b.last.revision - a.last.revision);
}

/** GET /v0.1/servers/{name}/versions: every version as an entry, the current one `isLatest`. */
export async function listOfficialVersions(officialName: string, visibility: Visibility) {
  const row = await findRow(officialName);
  const current = currentVersion(row.definition);
  const servers = (await versionSpans(row.id)).map((span) => entryOf(span, span.version === current, visibility));
  return { servers, metadata: { count: servers.length } };
}

/** GET /v0.1/servers/{name}/versions/{version}: that version as it last stood. */
export async function getOfficialVersion(officialName: string, version: string, visibility: Visibility) {
  const row = await findRow(officialName);
  const span = (await versionSpans(row.id)).find((candidate) => candidate.version === version);
  if (!span) throw new NotFoundError(`Server '${officialName}' has no version '${version}'.`);
  return entryOf(span, version === currentVersion(row.definition), visibility);
}

function entryOf(span: VersionSpan, isLatest: boolean, visibility: Visibility) {
  const row = { definition: span.last.snapshot, createdAt: span.first.at, modifiedAt: span.last.at, revision: span.last.revision };
  return toVisibleEntry(row, visibility, { isLatest });
}

function currentVersion(definition: string): string {
  return (JSON.parse(definition) as { version?: string }).version ?? NO_VERSION;
}
