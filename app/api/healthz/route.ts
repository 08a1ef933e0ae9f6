import { healthzOperation } from "@/lib/api/system";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/healthz — liveness: a constant, no I/O. */
export const GET = route(healthzOperation, async () => json({ status: "ok" }));
