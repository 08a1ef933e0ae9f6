import { exportBundleSchema, importBodySchema, importQuerySchema, importReportSchema } from "../schemas/import";
import { defineOperation } from "./operation";
import { BAD_REQUEST, CONFLICT, TOO_LARGE, UNRESOLVABLE } from "./problem-responses";

const tag = "Import and export";

export const importOperation = defineOperation({
  method: "POST", path: "/api/import", tag, role: "admin", rateLimit: "writes",
  summary: "Import servers from a file in any known format (detected, or ?format=), validated and written in one transaction",
  query: importQuerySchema,
  body: importBodySchema,
  rawBody: true,
  maxBodyBytes: 32 * 1024 * 1024,
  responses: {
    200: { description: "The report; with on_conflict=skip or overwrite, invalid entries are listed in errors", schema: importReportSchema },
    ...BAD_REQUEST,
    ...CONFLICT,
    ...TOO_LARGE,
    422: { ...UNRESOLVABLE[422], description: "on_conflict=fail and an entry is invalid or its name taken: nothing written; the report's fields ride along" },
  },
});

// Editor, not viewer: a bulk copy of every definition, literal secrets typed into them included.
export const exportOperation = defineOperation({
  method: "GET", path: "/api/export", tag, role: "editor",
  summary: "Every definition as entered, as the native bundle that POST /api/import takes back unchanged",
  responses: { 200: { description: "The native bundle", schema: exportBundleSchema } },
});
