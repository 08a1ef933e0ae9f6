import { listApprovalsOperation } from "@/lib/api/approvals";
import { listApprovals } from "@/lib/data/approvals";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/approvals — approval requests, newest first, filtered by state. */
export const GET = route(listApprovalsOperation, async ({ query }) => json(await listApprovals(query)));
