import { serverNameAvailabilityOperation } from "@/lib/api/servers";
import { serverNameAvailability } from "@/lib/data/server-name-availability";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/mcp-servers/:name/availability — the create form's name check, answered 200 whatever the name. */
export const GET = route(serverNameAvailabilityOperation, async ({ params }) => json(await serverNameAvailability(params.name)));
