import { listVariablesOperation } from "@/lib/api/variables";
import { listVariables } from "@/lib/data/variables";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/variables — every variable; secrets masked. */
export const GET = route(listVariablesOperation, async () => json({ variables: await listVariables() }));
