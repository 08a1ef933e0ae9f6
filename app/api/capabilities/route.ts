import { createCapabilityOperation, listCapabilitiesOperation } from "@/lib/api/capabilities";
import { createCapability, listCapabilities, toCapabilityBody } from "@/lib/data/capabilities";
import { createHandler } from "@/lib/http/document-handlers";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/capabilities — summaries, filtered and paged. */
export const GET = route(listCapabilitiesOperation, async ({ query }) => json(await listCapabilities(query)));

/** POST /api/capabilities — create; 409 when the name is taken, 422 for an unknown server. */
export const POST = route(createCapabilityOperation, createHandler(createCapability, toCapabilityBody, "/api/capabilities"));
