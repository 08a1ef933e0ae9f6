import { listOfficialServersOperation } from "@/lib/api/official";
import { listOfficialServers } from "@/lib/data/official-servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /v0.1/servers — the official registry's list API, read-only. */
export const GET = route(listOfficialServersOperation, async ({ query, visibility }) =>
  json(await listOfficialServers(query, visibility)));
