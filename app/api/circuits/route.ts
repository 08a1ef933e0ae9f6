import { listCircuitsOperation } from "@/lib/api/gateway";
import { listCircuits } from "@/lib/gateway/circuits";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/circuits — the circuit breakers of this instance, per server and environment. */
export const GET = route(listCircuitsOperation, async ({ query }) => json({ circuits: listCircuits(query) }));
