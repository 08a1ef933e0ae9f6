import { syncStatusSchema } from "../schemas/sync";
import { defineOperation } from "./operation";

const tag = "Sync";

export const syncStatusOperation = defineOperation({
  method: "GET", path: "/api/sync", tag, role: "viewer",
  summary: "GitOps sync: the synced path, the latest run (successful or not), its status and report",
  responses: { 200: { description: "This instance's sync status", schema: syncStatusSchema } },
});
