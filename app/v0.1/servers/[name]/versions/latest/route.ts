import { getOfficialServerOperation } from "@/lib/api/official";
import { getOfficialServer } from "@/lib/data/official-servers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /v0.1/servers/:name/versions/latest — `dev.patchbay%2F<name>` or the plain name. */
export const GET = route(getOfficialServerOperation, async ({ params, visibility }) =>
  json(await getOfficialServer(params.name, visibility)));
