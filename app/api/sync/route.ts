import { syncStatusOperation } from "@/lib/api/sync";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";
import { getSyncStatus } from "@/lib/sync/sync-status";

/** GET /api/sync — the sync path, its latest run and that run's report (DESIGN §13). */
export const GET = route(syncStatusOperation, async () => json(getSyncStatus()));
