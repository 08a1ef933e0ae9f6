import { healthEventsOperation } from "@/lib/api/health";
import { isStillAuthenticated } from "@/lib/auth/authenticate";
import { healthEventStream } from "@/lib/http/health-event-stream";
import { route } from "@/lib/http/route";

/** GET /api/health/events — server-sent events on every health status change, from any instance; ends when its credential does. */
export const GET = route(healthEventsOperation, async ({ request }) =>
  healthEventStream(request.signal, () => isStillAuthenticated(request)));
