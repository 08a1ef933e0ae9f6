import { readyzOperation } from "@/lib/api/system";
import { checkReadiness } from "@/lib/data/readiness";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/readyz — 200 when the database answers and is fully migrated, 503 otherwise. */
export const GET = route(readyzOperation, async () => {
  const readiness = await checkReadiness();
  return json(readiness, { status: readiness.status === "ready" ? 200 : 503 });
});
