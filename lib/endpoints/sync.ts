import { syncStatusOperation } from "../api/sync";
import { json } from "../http/responses";
import { route } from "../http/route";
import { getSyncStatus } from "../sync/sync-status";

/** GET /api/sync — the sync path, its latest run and that run's report (DESIGN §13). */
export const syncStatusHandler = route(syncStatusOperation, async () => json(getSyncStatus()));
