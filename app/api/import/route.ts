import { importOperation } from "@/lib/api/import-export";
import { importBundle } from "@/lib/data/import-bundle";
import { importToolRegistry } from "@/lib/data/import-tool-registry";
import { json } from "@/lib/http/responses";
import { route } from "@/lib/http/route";

/** POST /api/import — the body is the file's text; 422 with the report when on_conflict=fail refuses it. */
export const POST = route(importOperation, async ({ body, query, actor }) => {
  if (query.format === "tool-registry-md") return json(await importToolRegistry(body, query.server, { dryRun: query.dry_run, actor }));
  const report = await importBundle(body, {
    format: query.format,
    onConflict: query.on_conflict,
    dryRun: query.dry_run,
    secretsToPlaceholders: query.secrets === "placeholders",
    capability: query.capability,
  }, { actor });
  return json(report);
});
