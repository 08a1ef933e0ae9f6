import { describe, expect, test } from "vitest";

import type { FieldError } from "../errors";
import { collectParameters } from "./parameters";
import type { ParameterSources } from "./types";

const namespaceSchema = { type: "object", properties: { namespace: { type: "string" } } };
const namespaceWithDefault = { type: "object", properties: { namespace: { type: "string", default: "from-default" } } };

/** The sources, highest first; the schema default is below all of them. */
const PRIORITY = ["reference", "runtime", "context"] as const;

describe("collectParameters — priority reference > runtime > context > schema defaults", () => {
  const pairs = PRIORITY.flatMap((higher, index) =>
    [...PRIORITY.slice(index + 1), "default" as const].map((lower) => ({ higher, lower, proves: `${higher} beats ${lower === "default" ? "the schema default" : lower}` })));

  test.each(pairs)("$proves", ({ higher, lower }) => {
    const sources: ParameterSources = lower === "default"
      ? { [higher]: { namespace: `from-${higher}` } }
      : { [higher]: { namespace: `from-${higher}` }, [lower]: { namespace: `from-${lower}` } };
    const schema = lower === "default" ? namespaceWithDefault : namespaceSchema;

    expect(collectParameters(schema, sources)).toEqual({ parameters: { namespace: `from-${higher}` }, errors: [] });
  });

  test.each<{ proves: string; schema: Record<string, unknown>; sources: ParameterSources; namespace: string }>([
    {
      proves: "the schema default fills a parameter no source gives",
      schema: namespaceWithDefault,
      sources: {},
      namespace: "from-default",
    },
    {
      proves: "an undefined value in a higher source lets the lower one show through",
      schema: namespaceSchema,
      sources: { reference: { namespace: undefined }, runtime: { namespace: "from-runtime" } },
      namespace: "from-runtime",
    },
  ])("$proves", ({ schema, sources, namespace }) => {
    expect(collectParameters(schema, sources)).toEqual({ parameters: { namespace }, errors: [] });
  });
});

describe("collectParameters — sources and schema", () => {
  test.each<{
    proves: string;
    schema: Record<string, unknown> | undefined;
    sources: ParameterSources;
    parameters: Record<string, unknown>;
    errors: FieldError[];
  }>([
    {
      proves: "context fills only parameters the schema declares",
      schema: namespaceSchema,
      sources: { context: { namespace: "ctx", session_secret: "leak", constructor: "x" } },
      parameters: { namespace: "ctx" },
      errors: [],
    },
    {
      proves: "runtime and reference values pass even when the schema does not declare them",
      schema: namespaceSchema,
      sources: { runtime: { extra: 1 }, reference: { namespace: "ns" } },
      parameters: { extra: 1, namespace: "ns" },
      errors: [],
    },
    {
      proves: "without a schema the merged values pass through unvalidated and context is ignored",
      schema: undefined,
      sources: { reference: { namespace: 42 }, runtime: { limit: "x" }, context: { user: "u" } },
      parameters: { limit: "x", namespace: 42 },
      errors: [],
    },
    {
      proves: "a missing required parameter is an error at /parameters/<name>",
      schema: { type: "object", required: ["namespace"], properties: { namespace: { type: "string" } } },
      sources: {},
      parameters: {},
      errors: [{ path: "/parameters/namespace", message: "must have required property 'namespace'" }],
    },
    {
      proves: "every violation is listed by its JSON path under /parameters",
      schema: {
        type: "object",
        additionalProperties: false,
        properties: {
          namespace: { type: "string", minLength: 3 },
          limit: { type: "integer", minimum: 1 },
          mode: { enum: ["read", "write"] },
          filter: { type: "object", properties: { tags: { type: "array", items: { type: "string" } } } },
        },
      },
      sources: { reference: { namespace: "ab", limit: 0, mode: "admin", filter: { tags: ["ok", 7] }, extra: true } },
      parameters: { namespace: "ab", limit: 0, mode: "admin", filter: { tags: ["ok", 7] }, extra: true },
      errors: [
        { path: "/parameters/extra", message: "must NOT have additional properties" },
        { path: "/parameters/namespace", message: "must NOT have fewer than 3 characters" },
        { path: "/parameters/limit", message: "must be >= 1" },
        { path: "/parameters/mode", message: "must be equal to one of the allowed values" },
        { path: "/parameters/filter/tags/1", message: "must be string" },
      ],
    },
    {
      proves: "schema defaults fill what no source gives, nested defaults included",
      schema: {
        type: "object",
        properties: {
          namespace: { type: "string" },
          limit: { type: "integer", default: 10 },
          options: { type: "object", default: {}, properties: { verbose: { type: "boolean", default: false } } },
        },
      },
      sources: { reference: { namespace: "ns" } },
      parameters: { namespace: "ns", limit: 10, options: { verbose: false } },
      errors: [],
    },
    {
      proves: "a draft-07 schema (named in $schema) is validated with draft-07 semantics and fills defaults",
      schema: {
        $schema: "http://json-schema.org/draft-07/schema#",
        type: "object",
        properties: { tls_cert: { type: "string" }, tls_key: { type: "string" }, port: { type: "integer", default: 8443 } },
        dependencies: { tls_cert: ["tls_key"] },
      },
      sources: { reference: { tls_cert: "cert.pem" } },
      parameters: { tls_cert: "cert.pem", port: 8443 },
      errors: [{ path: "/parameters", message: "must have property tls_key when property tls_cert is present" }],
    },
  ])("$proves", ({ schema, sources, parameters, errors }) => {
    expect(collectParameters(schema, sources)).toEqual({ parameters, errors });
  });

  test("never mutates the sources while filling defaults", () => {
    const schema = { type: "object", properties: { options: { type: "object", properties: { verbose: { default: true } } } } };
    const sources = { reference: { options: {} } };

    const { parameters } = collectParameters(schema, sources);

    expect(parameters).toEqual({ options: { verbose: true } });
    expect(sources).toEqual({ reference: { options: {} } });
  });
});
