import { z } from "zod";

import { guardSettingProblems } from "./http/request-guard.mjs";
import { checkStdioAllow } from "./mcp/stdio-allow";
import { DEMO_STDIO_ALLOW_ENTRY } from "./registry/demo-stdio-server";
import { environmentNameSchema } from "./schemas/common";
import { ROLES, type Role } from "./schemas/role";

/** A comma-separated list; unset (or blank) is empty. */
const commaList = z
  .string()
  .default("")
  .transform((value) => value.split(",").map((item) => item.trim()).filter(Boolean));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Every setting of DESIGN §9, validated once; the README documents each with its default. */
const configSchema = z.object({
  DATABASE_URL: z
    .string()
    .default("file:./data/patchbay.db")
    .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), "must start with file: (SQLite) or postgresql://"),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  PATCHBAY_ENVIRONMENT: z.string().min(1).optional(),
  AGENT_ORCHESTRATOR_ENVIRONMENT: z.string().min(1).optional(),
  PATCHBAY_AUTH: z.enum(["on", "off"]).default("on"),
  PATCHBAY_ADMIN_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  PATCHBAY_HEALTH_INTERVAL_S: z.coerce.number().int().min(0).default(300),
  /** How long an approval request stays open, and an approved call stays runnable (DESIGN §11). */
  PATCHBAY_APPROVAL_TTL_S: z.coerce.number().int().min(1).default(3600),
  PATCHBAY_HEALTH_TIMEOUT_MS: positiveInt(10_000),
  PATCHBAY_HEALTH_CONCURRENCY: positiveInt(16),
  /** The environments the scheduler probes every server in; empty: the registry's own. */
  PATCHBAY_HEALTH_ENVIRONMENTS: commaList.pipe(z.array(environmentNameSchema)),
  /** Unset: none, or with PATCHBAY_SEED_DEMO the demo's stdio server only (its exact command line), so the demo works on the first start. */
  PATCHBAY_STDIO_ALLOW: commaList.superRefine((entries, context) => {
    for (const message of checkStdioAllow(entries)) context.addIssue({ code: "custom", message });
  }),
  PATCHBAY_OUTBOUND_ALLOW: commaList,
  PATCHBAY_OUTBOUND_DENY: commaList,
  PATCHBAY_RUNNER_PLACEHOLDERS: commaList,
  PATCHBAY_RATE_WRITES_PER_MIN: positiveInt(600),
  PATCHBAY_RATE_TESTS_PER_MIN: positiveInt(30),
  /** Runner traffic through the gateway and `/api/invoke` (DESIGN §7): its own budget, not the test budget. */
  PATCHBAY_RATE_CALLS_PER_MIN: positiveInt(6000),
  /** A gateway session no request reached for this long ends, and its stdio upstreams with it (DESIGN §12). */
  PATCHBAY_GATEWAY_IDLE_S: positiveInt(300),
  PATCHBAY_ENV_ALLOW: commaList,
  PATCHBAY_SECRET_KEY: z
    .string()
    .refine((value) => Buffer.from(value, "base64").length === 32, "must be base64 of 32 random bytes (openssl rand -base64 32)")
    .optional(),
  /** Fractions are allowed (0.5 = 30 minutes). */
  PATCHBAY_SESSION_HOURS: z.coerce.number().positive().max(24 * 366).default(12),
  /** `/v0.1` answers without credentials (masked as for viewers), for IDE clients that read it anonymously. */
  PATCHBAY_PUBLIC_REGISTRY: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  PATCHBAY_METRICS_PUBLIC: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  /** Origins whose pages may read `/v0.1` (CORS); empty or `*`: any. */
  PATCHBAY_CORS_ORIGINS: commaList,
  /** DESIGN §13: GitOps sync from a seed 003 directory or one file; seed 001's pair is honoured the same way. */
  PATCHBAY_SYNC_PATH: z.string().min(1).optional(),
  MCP_REGISTRY_FILE: z.string().min(1).optional(),
  MCP_REGISTRY_HOT_RELOAD: z.enum(["true", "false"]).default("false").transform((value) => value === "true"),
  /** Seed 001: a call's timeout where its server's `resilience.timeout_ms` sets none (DESIGN §12). */
  MCP_DEFAULT_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(30_000),
  /** Seed 001: `false` turns every server's circuit breaker off (calls are never refused fast). */
  MCP_CIRCUIT_BREAKER_ENABLED: z.enum(["true", "false"]).default("true").transform((value) => value === "true"),
  /** Seconds between polls of the sync path, besides the file watch; fractions allowed (tests). */
  PATCHBAY_SYNC_POLL_S: z.coerce.number().positive().default(60),
  /**
   * DESIGN §19: a JSON POST here per change of a server's health status and per DEGRADED negotiation (lib/health/alert-webhook.ts),
   * through the outbound policy, retried a bounded number of times; never logged (such URLs often are credentials).
   */
  PATCHBAY_ALERT_WEBHOOK: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** DESIGN §13: an official-registry-compatible `/v0.1` base for the Explore page and /api/upstream. */
  PATCHBAY_UPSTREAM_URL: z.url().optional(),
  PATCHBAY_SEED_DEMO: z.enum(["true", "false"]).default("true").transform((value) => value === "true"),
  /** lib/http/node-mount.ts: `next` sends API requests through Next's router to the same dispatcher (as tracing does, which Next's spans need). */
  PATCHBAY_API_MOUNT: z.enum(["direct", "next"]).default("direct"),
  /** DESIGN §14: the origin of every request (links, redirects, same-origin checks); lib/http/request-guard.mjs. */
  PATCHBAY_PUBLIC_URL: z.string().optional(),
  /** DESIGN §18: sign-in with the company's identity provider (lib/people/oidc-settings.ts); `http` on loopback only. */
  PATCHBAY_OIDC_ISSUER: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).refine(isSecureOrLoopback, "must be https (http only on loopback, for tests)").optional(),
  PATCHBAY_OIDC_CLIENT_ID: z.string().min(1).optional(),
  PATCHBAY_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** `admin=platform-admins,editor=platform-eng,viewer=*`: a claim value per role; `*` is anyone the provider signs in. */
  PATCHBAY_OIDC_ROLES: commaList.transform((entries, context) => entries.map((entry) => parseRoleMapping(entry, context))),
  PATCHBAY_OIDC_ROLE_CLAIM: z.string().min(1).default("groups"),
  /** How often a person's session asks the provider again whether they are still who they were (0: every request, tests). */
  PATCHBAY_OIDC_RECHECK_S: z.coerce.number().int().min(0).default(300),
  /** Host names, besides loopback ones and PATCHBAY_PUBLIC_URL's, that requests on loopback (or with auth off) may name. */
  PATCHBAY_ALLOWED_HOSTS: commaList,
  /** CIDRs of reverse proxies whose X-Forwarded-For (and -Proto) is believed. */
  PATCHBAY_TRUSTED_PROXIES: commaList,
}).superRefine(checkSingleSignOn);

export type RoleMapping = { role: Role; value: string };

function parseRoleMapping(entry: string, context: z.RefinementCtx): RoleMapping {
  const [role, value] = entry.split("=").map((part) => part.trim());
  if (!(ROLES as readonly string[]).includes(role) || !value) {
    context.addIssue({ code: "custom", message: `"${entry}" is not role=claim-value with a role among ${ROLES.join(", ")}` });
  }
  return { role: role as Role, value: value ?? "" };
}

function isSecureOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || ["127.0.0.1", "[::1]", "localhost"].includes(hostname);
}

/** SSO needs the provider, Patchbay's client at it and at least one role mapping, or none of them. */
function checkSingleSignOn(config: { PATCHBAY_OIDC_ISSUER?: string; PATCHBAY_OIDC_CLIENT_ID?: string; PATCHBAY_OIDC_ROLES: RoleMapping[] }, context: z.RefinementCtx) {
  if (!config.PATCHBAY_OIDC_ISSUER) return;
  if (!config.PATCHBAY_OIDC_CLIENT_ID) context.addIssue({ code: "custom", path: ["PATCHBAY_OIDC_CLIENT_ID"], message: "is required with PATCHBAY_OIDC_ISSUER" });
  if (!config.PATCHBAY_OIDC_ROLES.length) context.addIssue({ code: "custom", path: ["PATCHBAY_OIDC_ROLES"], message: "is required with PATCHBAY_OIDC_ISSUER (e.g. admin=platform-admins,viewer=*)" });
}

export type Config = z.infer<typeof configSchema> & { environment: string; healthEnvironments: string[] };

let cached: Config | undefined;

/** The validated configuration; throws one message listing every bad variable. */
export function getConfig(): Config {
  if (cached) return cached;

  const env = blankToUndefined(process.env);
  const parsed = configSchema.safeParse(env);
  const guardProblems = guardSettingProblems(env).map((line) => `  ${line}`);
  if (!parsed.success || guardProblems.length) {
    const lines = (parsed.error?.issues ?? []).map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${[...lines, ...guardProblems].join("\n")}`);
  }
  const environment = parsed.data.PATCHBAY_ENVIRONMENT ?? parsed.data.AGENT_ORCHESTRATOR_ENVIRONMENT ?? "development";
  const healthEnvironments = parsed.data.PATCHBAY_HEALTH_ENVIRONMENTS.length ? [...new Set(parsed.data.PATCHBAY_HEALTH_ENVIRONMENTS)] : [environment];
  // A Patchbay without the demo admits no stdio command line nobody asked for.
  const stdioAllow = env.PATCHBAY_STDIO_ALLOW === undefined && parsed.data.PATCHBAY_SEED_DEMO ? [DEMO_STDIO_ALLOW_ENTRY] : parsed.data.PATCHBAY_STDIO_ALLOW;
  cached = { ...parsed.data, PATCHBAY_STDIO_ALLOW: stdioAllow, environment, healthEnvironments };
  return cached;
}

/** For entry points: the configuration, or its message on stderr and exit code 1. */
export function getConfigOrExit(): Config {
  try {
    return getConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

function blankToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === "" ? undefined : value]));
}
