import { exportOperation, importOperation } from "../api/import-export";
import { exportBundle } from "../import/export-bundle";
import { importBundle } from "../import/import-bundle";
import { importToolRegistry } from "../import/import-tool-registry";
import { warnOfNonMcpEndpoints } from "../health/imported-endpoints";
import { json } from "../http/responses";
import { route } from "../http/route";

/** GET /api/export — the native bundle, definitions as entered (literal secrets masked below admin). */
export const exportHandler = route(exportOperation, async ({ visibility }) => json(await exportBundle(visibility)));

/** POST /api/import — the body is the file's text; 422 with the report when on_conflict=fail refuses it; seed 001's non-MCP endpoints warned of. */
export const importHandler = route(importOperation, async ({ body, query, actor }) => {
  if (query.format === "tool-registry-md") return json(await importToolRegistry(body, { server: query.server, url: query.url, command: query.command }, { dryRun: query.dry_run, actor }));
  const report = await importBundle(body, {
    format: query.format,
    onConflict: query.on_conflict,
    dryRun: query.dry_run,
    secretsToPlaceholders: query.secrets === "placeholders",
    capability: query.capability,
    details: query.details,
  }, { actor });
  return json(await warnOfNonMcpEndpoints(report));
});
