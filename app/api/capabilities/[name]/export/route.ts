import { exportCapabilityOperation } from "@/lib/api/capabilities";
import { exportCapabilityUnified } from "@/lib/data/capability-export";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities/:name/export?format=unified — a seed 004 unified registry (literal secrets masked below admin). */
export const GET = route(exportCapabilityOperation, async ({ params, visibility }) => json(await exportCapabilityUnified(params.name, visibility)));
