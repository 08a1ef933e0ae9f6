import { z } from "zod";

import { findUndeclaredParameters } from "./declared-parameters";
import { withoutServerSetFields } from "./document";
import type { FieldError } from "./field-errors";
import { isUrlTemplate } from "./placeholders";
import { serverAuthSchema } from "./server-auth";
import { iconListSchema } from "./server-icons";
import { promptPolicySchema, redactionSchema, resilienceSchema, resourcePolicySchema } from "./server-behaviour";
import {
  descriptionSchema,
  entityNameSchema,
  environmentNameSchema,
  headerMapSchema,
  jsonObjectSchema,
  keyedRecord,
  labelListSchema,
  stringMapSchema,
} from "./common";

export const TRANSPORT_TYPES = ["http", "sse", "stdio"] as const;
export type TransportType = (typeof TRANSPORT_TYPES)[number];

/** Spellings of streamable HTTP accepted on input and stored as `http`. */
const TRANSPORT_ALIASES: Record<string, TransportType> = { "streamable-http": "http", streamablehttp: "http" };
const URL_FIELDS = ["url", "headers"] as const;
const STDIO_FIELDS = ["command", "args", "env"] as const;

const urlSchema = z.string().max(2_000).refine(isUrlTemplate, {
  message: "must be an absolute http(s) URL (placeholders like ${BASE} and {{param}} are allowed)",
});

const remoteTransportFields = { url: urlSchema, headers: headerMapSchema.optional() };

export const transportSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("http"), ...remoteTransportFields }),
  z.strictObject({ type: z.literal("sse"), ...remoteTransportFields }),
  z.strictObject({
    type: z.literal("stdio"),
    command: z.string().min(1, "is required").max(1_000),
    args: z.array(z.string().max(10_000)).max(200).optional(),
    env: stringMapSchema.optional(),
  }),
]);
export type Transport = z.infer<typeof transportSchema>;

/** A partial transport for one environment: only the fields it changes. */
export const environmentOverrideSchema = z.strictObject({
  url: urlSchema.optional(),
  headers: headerMapSchema.optional(),
  command: z.string().min(1).max(1_000).optional(),
  args: z.array(z.string().max(10_000)).max(200).optional(),
  env: stringMapSchema.optional(),
});
export type EnvironmentOverride = z.infer<typeof environmentOverrideSchema>;

export const supportSchema = z.strictObject({
  documentation_url: z.string().max(2_000).optional(),
  api_reference_url: z.string().max(2_000).optional(),
  health_endpoint: z.string().max(2_000).optional(),
  contact: z.string().max(500).optional(),
  // The team or person who answers for the server, shown in lists and searchable (a name, not an address).
  owner: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional(),
  sla: z.string().max(100).optional(),
  version: z.string().max(100).optional(),
});
export type Support = z.infer<typeof supportSchema>;

export const toolSchema = z.strictObject({
  name: z.string().min(1).max(200),
  description: z.string().max(10_000).optional(),
  input_schema: jsonObjectSchema.optional(),
  output_schema: jsonObjectSchema.optional(),
  // What the tool returns, in words (seed 002's **Outputs**), for readers: nothing checks results against it.
  output_description: z.string().max(10_000).optional(),
  // The name the upstream server knows, when the registry exposes the tool under another (seed 004 `originalName`).
  original_name: z.string().min(1).max(200).optional(),
  // The tool's semantic version, for tracking (seed 004 `version`): kept and shown, never checked.
  version: z.string().min(1).max(100).optional(),
});
export type Tool = z.infer<typeof toolSchema>;

/** Seed 002's tool states: NONE → none, AWAITING_APPROVAL → always, CONDITIONAL → conditional (DESIGN §11). */
export const APPROVAL_MODES = ["none", "always", "conditional"] as const;

/**
 * `tool_policy` (DESIGN §11): how drift is pinned and handled, and per tool name or glob whether it may be called
 * and when it needs approval. `approval_when` / `allowed_when` are JSON Schemas over `{arguments, context}`,
 * checked like `parameters_schema` (an RE2-incompatible pattern is refused naming its path).
 */
function defineToolPolicySchema(jsonSchemaSchema: z.ZodType<Record<string, unknown>>) {
  const entry = z.strictObject({
    enabled: z.boolean().optional().describe("default true"),
    approval: z.enum(APPROVAL_MODES).optional().describe("default none; conditional without approval_when = always"),
    approval_when: jsonSchemaSchema.optional(),
    allowed_when: jsonSchemaSchema.optional(),
    notes: z.array(z.string().max(2_000)).max(100).optional(),
  });
  return z.strictObject({
    pin: z.enum(["trust_on_first_use", "manual"]).optional().describe("default trust_on_first_use"),
    on_drift: z.enum(["log", "require_approval", "block"]).optional().describe("default log"),
    tools: z.record(z.string().min(1).max(200), entry).optional().describe("tool name or glob (`*`, `?`) → policy"),
  });
}
export type ToolPolicy = NonNullable<ServerInputOf["tool_policy"]>;
type ServerInputOf = z.infer<ReturnType<typeof defineServerInputSchema>>;

/** What is wrong with a parameters schema as a JSON Schema: the server's full check, or the browser's eval-free one. */
export type JsonSchemaCheck = (schema: Record<string, unknown>) => FieldError[];

/**
 * An MCP server definition as a client sends it (DESIGN §1). Strict: unknown keys are refused. Built around a
 * JSON Schema check so that lib/schemas/server.ts (the API, with Ajv) and the browser's form (no eval) share
 * every other rule.
 */
export function defineServerInputSchema(checkJsonSchema: JsonSchemaCheck) {
  const parametersSchemaSchema = jsonObjectSchema.superRefine((schema, ctx) => {
    for (const problem of checkJsonSchema(schema)) {
      ctx.addIssue({ code: "custom", message: `is not a valid JSON Schema: ${problem.message}`, path: pathOf(problem.path) });
    }
  });

  return z
    .strictObject({
      name: entityNameSchema,
      description: descriptionSchema,
      version: z.string().min(1).max(100).optional(),
      // The official server.json's icons, its keys kept (DESIGN §1): https: or a small data: image, never http:.
      icons: iconListSchema.optional(),
      transport: transportSchema,
      parameters_schema: parametersSchemaSchema.optional(),
      // The values the scheduler and a re-check probe with, for schemas with required parameters (DESIGN §1, §5).
      health_parameters: jsonObjectSchema.optional(),
      support: supportSchema.optional(),
      environments: keyedRecord(environmentNameSchema, environmentOverrideSchema).optional(),
      tags: labelListSchema.optional(),
      provides: labelListSchema.optional(),
      tools: z.array(toolSchema).max(1_000).optional(),
      // Seed 004: an OAuth server needs a user's sign-in; its `auth_required` is expected, not an outage (DESIGN §1).
      auth: serverAuthSchema.optional(),
      tool_policy: defineToolPolicySchema(parametersSchemaSchema).optional(),
      prompt_policy: promptPolicySchema.optional(),
      resource_policy: resourcePolicySchema.optional(),
      resilience: resilienceSchema.optional(),
      redaction: redactionSchema.optional(),
    })
    .superRefine((server, ctx) => {
      // An environment may only override fields that its server's transport has.
      const foreign = server.transport.type === "stdio" ? URL_FIELDS : STDIO_FIELDS;
      for (const [environment, override] of Object.entries(server.environments ?? {})) {
        for (const field of foreign) {
          if (override[field] === undefined) continue;
          ctx.addIssue({
            code: "custom",
            path: ["environments", environment, field],
            message: `does not apply to a ${server.transport.type} transport`,
          });
        }
      }
      // A `{{name}}` nothing can ever fill would make every validate and blueprint fail: refused at save.
      for (const { path, message } of findUndeclaredParameters(server)) ctx.addIssue({ code: "custom", path, message });
    });
}

export function normalizeServerInput(input: unknown): unknown {
  if (!isPlainObject(input)) return input;

  const copy = withoutServerSetFields(input) as Record<string, unknown>;
  if (isPlainObject(copy.transport) && typeof copy.transport.type === "string") {
    const type = copy.transport.type.toLowerCase();
    copy.transport = { ...copy.transport, type: TRANSPORT_ALIASES[type] ?? type };
  }
  return copy;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pathOf(jsonPath: string): string[] {
  return jsonPath.split("/").filter(Boolean);
}
