import type { z } from "zod";

import type { UsedBy } from "../registry/used-by";
import type { HealthResult } from "../health/types";
import type { NormalizedToolResult } from "../mcp/normalize-content";
import type { revisionDetailSchema, revisionSummarySchema } from "../schemas/revision";
import type {
  resolvedServerSchema,
  ServerList,
  ServerSummary,
  StoredServer,
  validationResultSchema,
} from "../schemas/server-output";

/** Wire shapes as the browser sees them (type-only imports: no schema code reaches the client). */
export type { ServerSummary, StoredServer, UsedBy };
export type ServerListPage = ServerList;
export type ResolvedServer = z.infer<typeof resolvedServerSchema>;
export type ResolvedServerResponse = { mcp_server: ResolvedServer; warnings?: { path: string; message: string }[] };
export type RevisionSummary = z.infer<typeof revisionSummarySchema>;
export type RevisionDetail = z.infer<typeof revisionDetailSchema>["revision"];
export type ValidationResult = z.infer<typeof validationResultSchema>;
export type Environments = { current: string; environments: string[] };
/** GET …/health: `environment` is the one it answers for (the registry's own unless asked). */
export type ServerHealth = { name: string; environment: string; health: HealthResult; history: HealthResult[] };
export type ToolCallResult = NormalizedToolResult & { latency_ms: number };
export type ConnectionInput = { environment?: string; parameters?: Record<string, unknown> };
