import { listOfficialServersOperation } from "@/lib/api/official";
import { listOfficialServers } from "@/lib/data/official-servers";
import { preflight } from "@/lib/http/registry-cors";
import { registryRoute } from "@/lib/http/registry-route";

/** GET /v0.1/servers — the official registry's list API, read-only; CORS for IDE clients. */
export const GET = registryRoute(listOfficialServersOperation, ({ query, visibility }) => listOfficialServers(query, visibility));
export const OPTIONS = preflight;
