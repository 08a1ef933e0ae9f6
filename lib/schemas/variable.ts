import { z } from "zod";

import { entityNameSchema, environmentNameSchema, keyedRecord } from "./common";
import { MASK } from "./secrets";

export const VARIABLE_NAME_PATTERN = /^[A-Z_][A-Z0-9_]*$/;

/** The registry's own credentials: never a registry variable, never substituted from the process (DESIGN §2, §10). */
export function isReservedVariableName(name: string): boolean {
  return name.startsWith("PATCHBAY_") || name === "DATABASE_URL";
}

export const variableNameSchema = z
  .string()
  .max(200, "must be at most 200 characters")
  .regex(VARIABLE_NAME_PATTERN, "must be upper-case letters, digits and '_', not starting with a digit")
  .refine((name) => !isReservedVariableName(name), { message: "PATCHBAY_* and DATABASE_URL are the registry's own and cannot be variables" });

/** `*.example.com` (one or more labels before example.com) or an exact host name, lowercase. */
const hostGlobSchema = z
  .string()
  .max(253)
  .regex(/^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/, "must be a lowercase host name, optionally starting with '*.', or a bracketed IPv6 address");

export const variableScopeSchema = z
  .strictObject({
    servers: z.array(entityNameSchema).max(1000).optional(),
    hosts: z.array(hostGlobSchema).max(100).optional(),
  })
  .refine((scope) => (scope.servers?.length ?? 0) + (scope.hosts?.length ?? 0) > 0, { message: "must name at least one server or host" });
export type VariableScope = z.infer<typeof variableScopeSchema>;

const valueSchema = z.string().max(10_000, "must be at most 10,000 characters");

const variableFields = {
  name: variableNameSchema,
  description: z.string().max(500, "must be at most 500 characters").optional(),
  secret: z.boolean().default(false),
  value: valueSchema.optional(),
  environments: keyedRecord(environmentNameSchema, valueSchema).optional(),
  scope: variableScopeSchema.optional(),
};

/** A secret must be scoped, so that it can only be sent where it belongs (DESIGN §10). */
function requireScopeForSecrets(variable: { secret: boolean; scope?: unknown }, ctx: z.RefinementCtx) {
  if (variable.secret && !variable.scope) {
    ctx.addIssue({ code: "custom", path: ["scope"], message: "is required for a secret: name the servers or hosts it may be sent to" });
  }
}

/** DESIGN §10: a variable as entered. */
export const variableInputSchema = z.strictObject(variableFields).superRefine(requireScopeForSecrets);
export type VariableInput = z.infer<typeof variableInputSchema>;

/** The body of PUT: the name comes from the path (optional in the body, and then it must match). */
export const variableBodySchema = z.preprocess(
  withoutVariableServerSetFields,
  z.strictObject({ ...variableFields, name: variableNameSchema.optional() }).superRefine(requireScopeForSecrets),
);
export type VariableBody = z.infer<typeof variableBodySchema>;

export const variableParamsSchema = z.object({ name: variableNameSchema });

/** What every response shows: a secret's values never, only that it has them. */
export const variableOutputSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  secret: z.boolean(),
  value: z.string().optional(),
  has_value: z.boolean().optional(),
  environments: z.record(z.string(), z.string()).optional(),
  scope: z.object({ servers: z.array(z.string()).optional(), hosts: z.array(z.string()).optional() }).optional(),
  created_at: z.iso.datetime(),
  modified_at: z.iso.datetime(),
  revision: z.number().int(),
});
export type VariableOutput = z.infer<typeof variableOutputSchema>;

export const variableListSchema = z.object({ variables: z.array(variableOutputSchema) });

export const variableUsedBySchema = z.object({ mcp_servers: z.array(z.object({ name: z.string() })) });

/** A secret as shown: every value replaced by the mask (DESIGN §10). */
export function maskVariableValues<T extends { secret: boolean; value?: string; environments?: Record<string, string> }>(variable: T): T {
  if (!variable.secret) return variable;
  const environments = variable.environments
    ? Object.fromEntries(Object.keys(variable.environments).map((name) => [name, MASK]))
    : undefined;
  return {
    ...variable,
    ...(variable.value === undefined ? {} : { value: MASK }),
    ...(environments ? { environments } : {}),
  };
}

function withoutVariableServerSetFields(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const { created_at: _c, modified_at: _m, revision: _r, has_value: _h, ...rest } = input as Record<string, unknown>;
  return rest;
}

/** GET /api/environments/{environment}/variables: the dashboard's page of one environment. */
export const environmentVariablesSchema = z.object({
  environment: z.string(),
  variables: z.array(variableOutputSchema.safeExtend({
    effective: z.object({ source: z.enum(["environment", "default", "none"]), value: z.string().nullable() }),
    used_by: z.array(z.string()),
  })),
  unresolved: z.array(z.object({ server: z.string(), warnings: z.array(z.object({ path: z.string(), message: z.string() })) })),
});
export type EnvironmentVariables = z.infer<typeof environmentVariablesSchema>;
