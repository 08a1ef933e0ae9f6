import { createCapabilityOperation, listCapabilitiesOperation } from "@/lib/api/capabilities";
import { createCapability, listCapabilities, toCapabilityBody } from "@/lib/data/capabilities";
import { createHandler } from "@/lib/http/document-handlers";
import { cachedRead } from "@/lib/http/cached-json";
import { route } from "@/lib/http/route";

/** GET /api/capabilities — summaries, filtered and paged. */
export const GET = route(listCapabilitiesOperation, async ({ request, query, visibility }) =>
  cachedRead(request, ["capabilities", query], visibility, () => listCapabilities(query)));

/** POST /api/capabilities — create; 409 when the name is taken, 422 for an unknown server. */
export const POST = route(createCapabilityOperation, createHandler(createCapability, toCapabilityBody, "/api/capabilities"));
