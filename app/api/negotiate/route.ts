import { negotiateOperation } from "@/lib/api/gateway";
import { negotiate } from "@/lib/data/negotiate";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/negotiate — capability strings bound to healthy providers, or DEGRADED naming what is missing. */
export const POST = route(negotiateOperation, async ({ body, visibility }) => json(await negotiate(body, visibility)));
