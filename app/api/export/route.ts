import { exportOperation } from "@/lib/api/import-export";
import { exportBundle } from "@/lib/data/export-bundle";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/export — the native bundle, definitions as entered. */
export const GET = route(exportOperation, async () => json(await exportBundle()));
