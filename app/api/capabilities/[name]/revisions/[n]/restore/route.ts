import { restoreCapabilityRevisionOperation } from "@/lib/api/capabilities";
import { restoreCapabilityRevision, toCapabilityBody } from "@/lib/data/capabilities";
import { restoreHandler } from "@/lib/http/document-handlers";
import { route } from "@/lib/http/route";

/** POST /api/capabilities/:name/revisions/:n/restore — a new revision equal to n. */
export const POST = route(restoreCapabilityRevisionOperation, restoreHandler(restoreCapabilityRevision, toCapabilityBody));
