import { describe, expect, test } from "vitest";

import type { FieldError } from "../errors";
import type { ServerInput } from "../schemas/server";
import { contextStoreServer } from "./fixtures/context-store";
import { resolvedUrl, resolveServer, resolveTransport } from "./resolve-server";
import { DEFAULT_RUNNER_PLACEHOLDERS, MASK, type ParameterSources, type ResolveContext, type ResolvedConfig } from "./types";

/** DESIGN §1 / seed 003 "MCP Server Definition Schema", with the §2 namespace header. */
const contextStore: ServerInput = {
  ...contextStoreServer(),
  support: { documentation_url: "https://docs.example.com/context-store", health_endpoint: "/health", sla: "99.9%" },
  environments: {
    development: { url: "http://localhost:8766/mcp/" },
    staging: { url: "https://context-store.staging.example.com/mcp/" },
    production: { url: "https://context-store.prod.example.com/mcp/" },
  },
  tags: ["storage", "search", "documents"],
  provides: ["documents:read", "documents:search"],
};

/** Seed 003 "Parameter Resolution": the server of DESIGN §2's worked example. */
const contextStoreParameterized: ServerInput = {
  name: "context-store",
  description: "Document storage and semantic search",
  transport: { type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "{{namespace}}" } },
  parameters_schema: contextStore.parameters_schema,
};

/** Seed 003 "Example Configurations": the built-in context store with development and docker URLs. */
const contextStoreBuiltIn: ServerInput = {
  name: "context-store",
  description: "Document storage with tagging and semantic search",
  transport: { type: "http", url: "${CONTEXT_STORE_MCP_URL}" },
  parameters_schema: { type: "object", properties: { namespace: { type: "string", description: "Document namespace for scoping" } } },
  support: { health_endpoint: "/health", documentation_url: "/docs/components/context-store/MCP.md", version: "1.0.0" },
  environments: { development: { url: "http://localhost:9501/mcp" }, docker: { url: "http://context-store:9501/mcp" } },
  tags: ["storage", "search", "documents"],
};

/** Seed 003 "Example Configurations": the orchestrator, whose placeholders only a runner can fill. */
const orchestrator: ServerInput = {
  name: "orchestrator",
  description: "Agent orchestration tools (start_session, resume_session)",
  transport: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
  support: { documentation_url: "/docs/architecture/mcp-runner-integration.md", version: "2.0" },
  tags: ["orchestration", "built-in"],
};

const filesystem: ServerInput = {
  name: "filesystem",
  description: "Files under a root",
  transport: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "{{root}}"], env: { LOG_LEVEL: "{{log_level}}" } },
  parameters_schema: {
    type: "object",
    required: ["root"],
    properties: { root: { type: "string" }, log_level: { enum: ["debug", "info"], default: "info" } },
  },
  environments: { docker: { args: ["-y", "@modelcontextprotocol/server-filesystem", "/mnt/{{root}}"], env: { NODE_ENV: "production" } } },
};

function context(environment: string, env: Record<string, string> = {}, mask?: boolean): ResolveContext {
  return { environment, variables: new Map(), env, runnerPlaceholders: new Set(DEFAULT_RUNNER_PLACEHOLDERS), mask };
}

const unset = (name: string, path: string): FieldError => ({ path, message: `variable ${name} is not set; left for the runner` });

describe("resolveTransport — DESIGN §2 steps 1–3", () => {
  test.each<{ proves: string; server: ServerInput; ctx: ResolveContext; config: ResolvedConfig; warnings: FieldError[] }>([
    {
      proves: "development takes its environment URL, keeps {{namespace}} and warns about the unset token",
      server: contextStore,
      ctx: context("development"),
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { Authorization: "Bearer ${CONTEXT_STORE_TOKEN}", "X-Namespace": "{{namespace}}" } },
      warnings: [unset("CONTEXT_STORE_TOKEN", "/headers/Authorization")],
    },
    {
      proves: "production takes its environment URL and substitutes the set token",
      server: contextStore,
      ctx: context("production", { CONTEXT_STORE_TOKEN: "s3cret" }),
      config: { type: "http", url: "https://context-store.prod.example.com/mcp/", headers: { Authorization: "Bearer s3cret", "X-Namespace": "{{namespace}}" } },
      warnings: [],
    },
    {
      proves: "an unknown environment falls back to the base transport",
      server: contextStore,
      ctx: context("qa", { CONTEXT_STORE_URL: "https://cs.internal", CONTEXT_STORE_TOKEN: "s3cret" }),
      config: { type: "http", url: "https://cs.internal/mcp/", headers: { Authorization: "Bearer s3cret", "X-Namespace": "{{namespace}}" } },
      warnings: [],
    },
    {
      proves: "an environment named like an Object.prototype member falls back to the base",
      server: contextStore,
      ctx: context("constructor", { CONTEXT_STORE_URL: "https://cs.internal", CONTEXT_STORE_TOKEN: "t" }),
      config: { type: "http", url: "https://cs.internal/mcp/", headers: { Authorization: "Bearer t", "X-Namespace": "{{namespace}}" } },
      warnings: [],
    },
    {
      proves: "with mask the substituted secret reads as the mask",
      server: contextStore,
      ctx: context("production", { CONTEXT_STORE_TOKEN: "s3cret" }, true),
      config: { type: "http", url: "https://context-store.prod.example.com/mcp/", headers: { Authorization: `Bearer ${MASK}`, "X-Namespace": "{{namespace}}" } },
      warnings: [],
    },
    {
      proves: "the built-in context store resolves its development URL",
      server: contextStoreBuiltIn,
      ctx: context("development"),
      config: { type: "http", url: "http://localhost:9501/mcp" },
      warnings: [],
    },
    {
      proves: "the built-in context store resolves its docker URL",
      server: contextStoreBuiltIn,
      ctx: context("docker"),
      config: { type: "http", url: "http://context-store:9501/mcp" },
      warnings: [],
    },
    {
      proves: "the built-in context store without its environment falls back to ${CONTEXT_STORE_MCP_URL}, warned when unset",
      server: contextStoreBuiltIn,
      ctx: context("production"),
      config: { type: "http", url: "${CONTEXT_STORE_MCP_URL}" },
      warnings: [unset("CONTEXT_STORE_MCP_URL", "/url")],
    },
    {
      proves: "the orchestrator's runner placeholders stay as written without warnings",
      server: orchestrator,
      ctx: context("production"),
      config: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
      warnings: [],
    },
    {
      proves: "a stdio environment replaces args and merges env",
      server: filesystem,
      ctx: context("docker"),
      config: {
        type: "stdio",
        command: "npx",
        args: ["-y", "@modelcontextprotocol/server-filesystem", "/mnt/{{root}}"],
        env: { LOG_LEVEL: "{{log_level}}", NODE_ENV: "production" },
      },
      warnings: [],
    },
    {
      proves: "environment headers merge key by key into the base headers",
      server: { ...contextStore, environments: { staging: { headers: { "X-Namespace": "staging-docs", "X-Env": "staging" } } } },
      ctx: context("staging", { CONTEXT_STORE_URL: "https://cs", CONTEXT_STORE_TOKEN: "t" }),
      config: { type: "http", url: "https://cs/mcp/", headers: { Authorization: "Bearer t", "X-Namespace": "staging-docs", "X-Env": "staging" } },
      warnings: [],
    },
  ])("$proves", ({ server, ctx, config, warnings }) => {
    const result = resolveTransport(server, ctx);

    expect(result).toMatchObject({ config, warnings });
    expect(JSON.stringify(result.config)).toBe(JSON.stringify(config));
  });

  test("fields of the other transport kind are dropped, and the stored definition is not mutated", () => {
    const loose = { ...contextStoreBuiltIn, transport: { type: "http", url: "http://a/", command: "node" } } as unknown as ServerInput;
    const before = structuredClone(loose);

    expect(resolveTransport(loose, context("development")).config).toEqual({ type: "http", url: "http://localhost:9501/mcp" });
    expect(loose).toEqual(before);
  });
});

describe("resolveServer — DESIGN §2 steps 1–5", () => {
  test.each<{ proves: string; server: ServerInput; ctx: ResolveContext; sources: ParameterSources; config: ResolvedConfig; parameters: Record<string, unknown>; warnings: FieldError[] }>([
    {
      proves: "DESIGN §2 worked example: context-store with namespace project-alpha",
      server: contextStoreParameterized,
      ctx: context("development"),
      sources: { reference: { namespace: "project-alpha" } },
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "project-alpha" } },
      parameters: { namespace: "project-alpha" },
      warnings: [],
    },
    {
      proves: "the full definition in development fills the namespace and warns about the unset token",
      server: contextStore,
      ctx: context("development"),
      sources: { reference: { namespace: "research-docs" } },
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { Authorization: "Bearer ${CONTEXT_STORE_TOKEN}", "X-Namespace": "research-docs" } },
      parameters: { namespace: "research-docs" },
      warnings: [unset("CONTEXT_STORE_TOKEN", "/headers/Authorization")],
    },
    {
      proves: "the built-in context store referenced by the document-research capability resolves in development",
      server: contextStoreBuiltIn,
      ctx: context("development"),
      sources: { reference: { namespace: "research-docs" } },
      config: { type: "http", url: "http://localhost:9501/mcp" },
      parameters: { namespace: "research-docs" },
      warnings: [],
    },
    {
      proves: "the orchestrator without a schema resolves with its runner placeholders intact and silent",
      server: orchestrator,
      ctx: context("development"),
      sources: {},
      config: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
      parameters: {},
      warnings: [],
    },
    {
      proves: "a parameter value of ${PATH} stays literal even though PATH is set",
      server: contextStoreParameterized,
      ctx: context("development", { PATH: "/usr/bin:/bin" }),
      sources: { runtime: { namespace: "${PATH}" } },
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "${PATH}" } },
      parameters: { namespace: "${PATH}" },
      warnings: [],
    },
    {
      proves: "context fills the declared namespace",
      server: contextStoreParameterized,
      ctx: context("development"),
      sources: { context: { namespace: "session-ns", user: "ignored" } },
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { "X-Namespace": "session-ns" } },
      parameters: { namespace: "session-ns" },
      warnings: [],
    },
    {
      proves: "stdio command, args and env are templated, with the schema default for log_level",
      server: filesystem,
      ctx: context("development"),
      sources: { reference: { root: "/srv/docs" } },
      config: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "/srv/docs"], env: { LOG_LEVEL: "info" } },
      parameters: { root: "/srv/docs", log_level: "info" },
      warnings: [],
    },
  ])("$proves", ({ server, ctx, sources, config, parameters, warnings }) => {
    const result = resolveServer(server, ctx, sources);

    expect(result).toMatchObject({ ok: true, config, parameters, warnings });
    expect(result.ok && JSON.stringify(result.config)).toBe(JSON.stringify(config));
  });

  test.each<{ proves: string; server: ServerInput; sources: ParameterSources; errors: FieldError[]; warnings: FieldError[] }>([
    {
      proves: "a missing required parameter fails with its /parameters path, keeping the env warnings",
      server: contextStore,
      sources: { context: { other: "x" } },
      errors: [{ path: "/parameters/namespace", message: "must have required property 'namespace'" }],
      warnings: [unset("CONTEXT_STORE_TOKEN", "/headers/Authorization")],
    },
    {
      proves: "a parameter of the wrong type fails schema validation",
      server: contextStoreParameterized,
      sources: { reference: { namespace: 7 } },
      errors: [{ path: "/parameters/namespace", message: "must be string" }],
      warnings: [],
    },
    {
      proves: "a {{param}} the schema does not require and no source gives fails at its config path",
      server: {
        ...contextStoreBuiltIn,
        parameters_schema: { type: "object", properties: { tenant: { type: "string" } } },
        environments: { development: { url: "http://localhost:9501/{{tenant}}/mcp" } },
      },
      sources: {},
      errors: [{ path: "/url", message: "parameter 'tenant' has no value" }],
      warnings: [],
    },
    {
      proves: "a {{param}} the schema does not declare (saved before that was refused) says so, not that it has no value",
      server: { ...contextStoreBuiltIn, environments: { development: { url: "http://localhost:9501/{{tenant}}/mcp" } } },
      sources: {},
      errors: [{ path: "/url", message: "uses {{tenant}}, which the parameters schema does not declare" }],
      warnings: [],
    },
  ])("$proves", ({ server, sources, errors, warnings }) => {
    expect(resolveServer(server, context("development"), sources)).toMatchObject({ ok: false, errors, warnings });
  });
});

describe("resolvedUrl", () => {
  test.each<{ proves: string; config: ResolvedConfig; url: string | null }>([
    { proves: "http answers its url", config: { type: "http", url: "http://a/mcp" }, url: "http://a/mcp" },
    { proves: "sse answers its url", config: { type: "sse", url: "http://a/sse" }, url: "http://a/sse" },
    { proves: "stdio answers null", config: { type: "stdio", command: "node" }, url: null },
  ])("$proves", ({ config, url }) => {
    expect(resolvedUrl(config)).toBe(url);
  });
});
