import { listUpstreamServersOperation } from "@/lib/api/upstream";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { listUpstreamServers } from "@/lib/upstream/upstream-servers";

/** GET /api/upstream/servers — a page of the upstream registry, each server as it would import. */
export const GET = route(listUpstreamServersOperation, async ({ query }) => json(await listUpstreamServers(query)));
