import { exportOperation } from "@/lib/api/import-export";
import { exportBundle } from "@/lib/data/export-bundle";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/export — the native bundle, definitions as entered (literal secrets masked below admin). */
export const GET = route(exportOperation, async ({ visibility }) => json(await exportBundle(visibility)));
