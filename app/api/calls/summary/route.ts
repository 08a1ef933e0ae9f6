import { callSummaryOperation } from "@/lib/api/gateway";
import { summarizeCalls } from "@/lib/data/calls";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/calls/summary — the last hour of calls per minute: count, errors, p50, p99. */
export const GET = route(callSummaryOperation, async ({ query }) => json(await summarizeCalls(query)));
