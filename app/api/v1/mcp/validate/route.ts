import { mcpValidateOperation } from "@/lib/api/gateway";
import { importBundle } from "@/lib/data/import-bundle";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/v1/mcp/validate — an mcp_registry.json body → the import dry-run report; nothing is written. */
export const POST = route(mcpValidateOperation, async ({ body, actor }) =>
  json(await importBundle(body, { format: "mcp-registry", onConflict: "skip", dryRun: true, secretsToPlaceholders: false }, { actor })));
