import { healthEventsOperation } from "@/lib/api/health";
import { healthEventStream } from "@/lib/http/health-event-stream";
import { route } from "@/lib/http/route";

/** GET /api/health/events — server-sent events on every health status change, from any instance. */
export const GET = route(healthEventsOperation, async ({ request }) => healthEventStream(request.signal));
