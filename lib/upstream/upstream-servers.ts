import { createServer } from "../registry/servers";
import { UnresolvableError } from "../errors";
import type { StoredServer } from "../schemas/server-output";
import type { UpstreamList, UpstreamListQuery } from "../schemas/upstream";
import { fetchUpstreamLatest, fetchUpstreamPage } from "./upstream-client";
import { previewUpstreamEntry } from "./upstream-preview";

/** One page of the upstream registry, each server as it would import. */
export async function listUpstreamServers(query: UpstreamListQuery): Promise<UpstreamList> {
  const page = await fetchUpstreamPage(query);
  return { servers: page.entries.map((entry) => previewUpstreamEntry(entry).summary), next_cursor: page.nextCursor };
}

/** "Add to registry": the upstream server's latest version through the official converter, created as `actor`. */
export async function addUpstreamServer(name: string, { actor }: { actor: string }): Promise<StoredServer> {
  const { server, summary } = previewUpstreamEntry(await fetchUpstreamLatest(name));
  if (!server) throw new UnresolvableError(`'${name}' cannot be imported: ${summary.reason}.`);
  return createServer(server, { actor }, "import");
}
