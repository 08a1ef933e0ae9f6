import { restoreAgentRevisionOperation } from "@/lib/api/agents";
import { restoreAgentRevision, toAgentBody } from "@/lib/data/agents";
import { restoreHandler } from "@/lib/http/document-handlers";
import { route } from "@/lib/http/route";

/** POST /api/agents/:name/revisions/:n/restore — a new revision equal to n. */
export const POST = route(restoreAgentRevisionOperation, restoreHandler(restoreAgentRevision, toAgentBody));
