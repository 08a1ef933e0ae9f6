import { mcpRegistryOperation } from "@/lib/api/gateway";
import { getMcpRegistryView } from "@/lib/data/mcp-registry-view";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** GET /api/v1/mcp/registry — seed 001's plugins and actions, from the catalog. */
export const GET = route(mcpRegistryOperation, async ({ visibility }) => json(await getMcpRegistryView(visibility)));
