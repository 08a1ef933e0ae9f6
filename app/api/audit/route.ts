import { listAuditOperation } from "@/lib/api/security";
import { listAuditEntries } from "@/lib/data/audit";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/audit — who changed what, when, across every aggregate. */
export const GET = route(listAuditOperation, async ({ query }) => json(await listAuditEntries(query)));
