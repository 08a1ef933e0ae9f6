import type { FieldError } from "../errors";

/** The flat `mcpServers` entry shape that clients already use (DESIGN §2 step 5). */
export type ResolvedConfig =
  | { type: "http" | "sse"; url: string; headers?: Record<string, string> }
  | { type: "stdio"; command: string; args?: string[]; env?: Record<string, string> };

export type ResolveContext = {
  /** The environment asked for; one the server does not define falls back to the base transport. */
  environment: string;
  /** The registry process's environment variables, for `${VAR}`. */
  env: Readonly<Record<string, string | undefined>>;
  /** Variables a runner fills in later (AGENT_SESSION_ID …): left as written, without a warning. */
  runnerPlaceholders: ReadonlySet<string>;
  /** Replace every value substituted from `env` by "••••" (DESIGN §7). */
  mask?: boolean;
};

/** Where parameter values come from, highest priority first (DESIGN §2 step 4). */
export type ParameterSources = {
  reference?: Record<string, unknown>;
  runtime?: Record<string, unknown>;
  /** Session context: fills only parameters that the server's schema declares. */
  context?: Record<string, unknown>;
};

export type Resolution =
  | { ok: true; config: ResolvedConfig; parameters: Record<string, unknown>; warnings: FieldError[] }
  | { ok: false; errors: FieldError[]; warnings: FieldError[] };

export const MASK = "••••";
export const DEFAULT_RUNNER_PLACEHOLDERS = ["AGENT_SESSION_ID", "AGENT_ORCHESTRATOR_MCP_URL"] as const;
