import { describe, expect, test } from "vitest";

import type { FieldError } from "../errors";
import { substituteEnvVars } from "./env-vars";
import { DEFAULT_RUNNER_PLACEHOLDERS, MASK, type ResolvedConfig } from "./types";

const runnerPlaceholders = new Set<string>(DEFAULT_RUNNER_PLACEHOLDERS);

describe("substituteEnvVars", () => {
  test.each<{
    proves: string;
    config: ResolvedConfig;
    env: Record<string, string>;
    extraPlaceholders?: string[];
    mask?: boolean;
    expected: ResolvedConfig;
    warnings: FieldError[];
  }>([
    {
      proves: "a set variable is substituted in url and header values",
      config: { type: "http", url: "${CONTEXT_STORE_URL}/mcp/", headers: { Authorization: "Bearer ${CONTEXT_STORE_TOKEN}" } },
      env: { CONTEXT_STORE_URL: "https://cs.example.com", CONTEXT_STORE_TOKEN: "s3cret" },
      expected: { type: "http", url: "https://cs.example.com/mcp/", headers: { Authorization: "Bearer s3cret" } },
      warnings: [],
    },
    {
      proves: "an unset variable stays as written and is warned about at its JSON path",
      config: { type: "http", url: "http://localhost:8766/mcp/", headers: { Authorization: "Bearer ${CONTEXT_STORE_TOKEN}" } },
      env: {},
      expected: { type: "http", url: "http://localhost:8766/mcp/", headers: { Authorization: "Bearer ${CONTEXT_STORE_TOKEN}" } },
      warnings: [
        { path: "/headers/Authorization", message: "variable CONTEXT_STORE_TOKEN is not set; left for the runner" },
      ],
    },
    {
      proves: "an unset variable used twice in one string is warned about once",
      config: { type: "http", url: "http://${HOST}/${HOST}" },
      env: {},
      expected: { type: "http", url: "http://${HOST}/${HOST}" },
      warnings: [{ path: "/url", message: "variable HOST is not set; left for the runner" }],
    },
    {
      proves: "default runner placeholders stay as written without a warning",
      config: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
      env: {},
      expected: { type: "http", url: "${AGENT_ORCHESTRATOR_MCP_URL}", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
      warnings: [],
    },
    {
      proves: "a runner placeholder set in the registry's own environment is still left for the runner",
      config: { type: "http", url: "http://o/", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
      env: { AGENT_SESSION_ID: "registry-process-value" },
      expected: { type: "http", url: "http://o/", headers: { "X-Agent-Session-Id": "${AGENT_SESSION_ID}" } },
      warnings: [],
    },
    {
      proves: "a custom runner placeholder stays silently while other unset variables are warned about",
      config: { type: "stdio", command: "run", args: ["--run=${RUN_ID}", "--home=${HOME_DIR}"] },
      env: {},
      extraPlaceholders: ["RUN_ID"],
      expected: { type: "stdio", command: "run", args: ["--run=${RUN_ID}", "--home=${HOME_DIR}"] },
      warnings: [{ path: "/args/1", message: "variable HOME_DIR is not set; left for the runner" }],
    },
    {
      proves: "stdio command, args and env values are all substituted",
      config: { type: "stdio", command: "${NODE_BIN}", args: ["${APP_DIR}/server.js"], env: { API_KEY: "${WEATHER_KEY}" } },
      env: { NODE_BIN: "/usr/bin/node", APP_DIR: "/srv/app", WEATHER_KEY: "k-123" },
      expected: { type: "stdio", command: "/usr/bin/node", args: ["/srv/app/server.js"], env: { API_KEY: "k-123" } },
      warnings: [],
    },
    {
      proves: "with mask every substituted value is replaced by the mask and unset ones stay as written",
      config: { type: "http", url: "${BASE}/mcp", headers: { Authorization: "Bearer ${TOKEN}", "X-Other": "${UNSET_VAR}" } },
      env: { BASE: "https://internal.example.com", TOKEN: "s3cret" },
      mask: true,
      expected: { type: "http", url: `${MASK}/mcp`, headers: { Authorization: `Bearer ${MASK}`, "X-Other": "${UNSET_VAR}" } },
      warnings: [{ path: "/headers/X-Other", message: "variable UNSET_VAR is not set; left for the runner" }],
    },
    {
      proves: "a variable set to the empty string counts as set",
      config: { type: "http", url: "http://a/${SUFFIX}" },
      env: { SUFFIX: "" },
      expected: { type: "http", url: "http://a/" },
      warnings: [],
    },
    {
      proves: "lowercase ${names} and {{params}} are not environment variables",
      config: { type: "http", url: "http://a/${lower}/{{namespace}}" },
      env: { lower: "x" },
      expected: { type: "http", url: "http://a/${lower}/{{namespace}}" },
      warnings: [],
    },
  ])("$proves", ({ config, env, extraPlaceholders = [], mask, expected, warnings }) => {
    const ctx = { variables: new Map(), env, runnerPlaceholders: new Set([...runnerPlaceholders, ...extraPlaceholders]), mask };

    const result = substituteEnvVars(config, ctx, "any-server");

    expect(result.config).toEqual(expected);
    expect(result.warnings).toEqual(warnings);
  });
});
