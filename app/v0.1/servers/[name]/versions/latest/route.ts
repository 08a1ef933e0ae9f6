import { getOfficialServerOperation } from "@/lib/api/official";
import { hasRole } from "@/lib/auth/roles";
import { getOfficialServer } from "@/lib/data/official-servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /v0.1/servers/:name/versions/latest — `dev.patchbay%2F<name>` or the plain name. */
export const GET = route(getOfficialServerOperation, async ({ params, principal }) =>
  json(await getOfficialServer(params.name, { canReadSecrets: hasRole(principal.role, "runner") })));
