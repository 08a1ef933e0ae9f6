import type { FieldError } from "../errors";
import type { VariableScope } from "../schemas/variable";

/** The flat `mcpServers` entry shape that clients already use (DESIGN §2 step 5). */
export type ResolvedConfig =
  | { type: "http" | "sse"; url: string; headers?: Record<string, string> }
  | { type: "stdio"; command: string; args?: string[]; env?: Record<string, string> };

/** A registry variable as resolution sees it: its value for the environment asked for already chosen (§10). */
export type VariableBinding = { value: string | undefined; secret: boolean; scope?: VariableScope };

export type ResolveContext = {
  /** The environment asked for; one the server does not define falls back to the base transport. */
  environment: string;
  /** Registry variables by name, first source of `${VAR}` (DESIGN §2 step 3). */
  variables: ReadonlyMap<string, VariableBinding>;
  /** The registry process's variables that PATCHBAY_ENV_ALLOW admits: the second source, for non-secret deployment values. */
  env: Readonly<Record<string, string | undefined>>;
  /** Variables a runner fills in later (AGENT_SESSION_ID …): left as written, without a warning. */
  runnerPlaceholders: ReadonlySet<string>;
  /** Replace every value substituted from a secret or the process environment by "••••" (DESIGN §7). */
  mask?: boolean;
};

/** Where parameter values come from, highest priority first (DESIGN §2 step 4). */
export type ParameterSources = {
  reference?: Record<string, unknown>;
  runtime?: Record<string, unknown>;
  /** Session context: fills only parameters that the server's schema declares. */
  context?: Record<string, unknown>;
};

/** `sensitiveValues`: what was substituted from secrets or the process environment, for scrubbing outputs. */
export type Resolution =
  | { ok: true; config: ResolvedConfig; parameters: Record<string, unknown>; warnings: FieldError[]; sensitiveValues: string[] }
  | { ok: false; errors: FieldError[]; warnings: FieldError[]; sensitiveValues: string[] };

export { MASK } from "../schemas/secrets";
export const DEFAULT_RUNNER_PLACEHOLDERS = ["AGENT_SESSION_ID", "AGENT_ORCHESTRATOR_MCP_URL"] as const;
