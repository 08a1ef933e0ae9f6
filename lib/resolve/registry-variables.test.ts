import { describe, expect, test } from "vitest";

import type { FieldError } from "../errors";
import { substituteEnvVars } from "./env-vars";
import { DEFAULT_RUNNER_PLACEHOLDERS, MASK, type ResolvedConfig, type VariableBinding } from "./types";

const runnerPlaceholders = new Set<string>(DEFAULT_RUNNER_PLACEHOLDERS);
const token: VariableBinding = { value: "s3cret-token", secret: true, scope: { servers: ["store"], hosts: ["*.example.com"] } };

describe("substituteEnvVars with registry variables (DESIGN §2 step 3, §10)", () => {
  test.each<{
    proves: string; config: ResolvedConfig; server?: string; variables?: Record<string, VariableBinding>;
    env?: Record<string, string>; mask?: boolean; expected: ResolvedConfig; warnings: string[]; sensitive: string[];
  }>([
    {
      proves: "a plain variable is substituted and shown even when masking",
      config: { type: "http", url: "${BASE}/mcp" }, variables: { BASE: { value: "https://a.example.com", secret: false } }, mask: true,
      expected: { type: "http", url: "https://a.example.com/mcp" }, warnings: [], sensitive: [],
    },
    {
      proves: "a secret in scope is substituted, and masked when asked",
      config: { type: "http", url: "https://store.example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}" } }, variables: { TOKEN: token }, mask: true,
      expected: { type: "http", url: "https://store.example.com/mcp", headers: { Authorization: `Bearer ${MASK}` } }, warnings: [], sensitive: ["s3cret-token"],
    },
    {
      proves: "a secret is never sent to a host outside its scope",
      config: { type: "http", url: "https://attacker.test/mcp", headers: { Authorization: "Bearer ${TOKEN}" } }, variables: { TOKEN: token },
      expected: { type: "http", url: "https://attacker.test/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
      warnings: ["variable TOKEN is not used here: it is scoped to hosts *.example.com, not attacker.test; left for the runner"], sensitive: [],
    },
    {
      proves: "a host-scoped secret is never sent over plain http to a host that is not loopback (DESIGN §14)",
      config: { type: "http", url: "http://store.example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}" } }, variables: { TOKEN: token },
      expected: { type: "http", url: "http://store.example.com/mcp", headers: { Authorization: "Bearer ${TOKEN}" } },
      warnings: ["variable TOKEN is not used here: it is scoped to hosts and is sent only over https or to a loopback address, not over plain http to store.example.com; left for the runner"], sensitive: [],
    },
    {
      proves: "a host-scoped secret may go over plain http to a loopback address",
      config: { type: "http", url: "http://127.0.0.1:8080/mcp", headers: { K: "${LOCAL}" } }, variables: { LOCAL: { value: "local-token", secret: true, scope: { hosts: ["127.0.0.1"] } } },
      expected: { type: "http", url: "http://127.0.0.1:8080/mcp", headers: { K: "local-token" } }, warnings: [], sensitive: ["local-token"],
    },
    {
      proves: "a secret is never used by a server outside its scope",
      server: "other", config: { type: "http", url: "https://store.example.com/mcp", headers: { K: "${TOKEN}" } }, variables: { TOKEN: token },
      expected: { type: "http", url: "https://store.example.com/mcp", headers: { K: "${TOKEN}" } },
      warnings: ["variable TOKEN is not used here: it is scoped to other servers (store); left for the runner"], sensitive: [],
    },
    {
      proves: "a host-scoped secret never resolves where the host is a placeholder",
      config: { type: "http", url: "https://${HOST}/mcp", headers: { K: "${TOKEN}" } }, variables: { TOKEN: token, HOST: { value: "store.example.com", secret: false } },
      expected: { type: "http", url: "https://store.example.com/mcp", headers: { K: "${TOKEN}" } },
      warnings: ["variable TOKEN is not used here: it is scoped to hosts and this config's host is not fixed as written (stdio, or a placeholder in the host); left for the runner"], sensitive: [],
    },
    {
      proves: "a host-scoped secret never resolves for stdio",
      config: { type: "stdio", command: "run", env: { K: "${TOKEN}" } }, variables: { TOKEN: token },
      expected: { type: "stdio", command: "run", env: { K: "${TOKEN}" } },
      warnings: ["variable TOKEN is not used here: it is scoped to hosts and this config's host is not fixed as written (stdio, or a placeholder in the host); left for the runner"], sensitive: [],
    },
    {
      proves: "a registry variable shadows a process variable, in scope or not",
      server: "other", config: { type: "http", url: "https://x.example.com/", headers: { K: "${TOKEN}" } }, variables: { TOKEN: token }, env: { TOKEN: "from-process" },
      expected: { type: "http", url: "https://x.example.com/", headers: { K: "${TOKEN}" } },
      warnings: ["variable TOKEN is not used here: it is scoped to other servers (store); left for the runner"], sensitive: [],
    },
    {
      proves: "PATCHBAY_* and DATABASE_URL never resolve, even if they reach the process map",
      config: { type: "http", url: "http://a.example.com/", headers: { A: "${PATCHBAY_ADMIN_TOKEN}", D: "${DATABASE_URL}" } },
      env: { PATCHBAY_ADMIN_TOKEN: "admin-token-value", DATABASE_URL: "file:./x.db" },
      expected: { type: "http", url: "http://a.example.com/", headers: { A: "${PATCHBAY_ADMIN_TOKEN}", D: "${DATABASE_URL}" } },
      warnings: [
        "variable PATCHBAY_ADMIN_TOKEN is the registry's own and is never substituted; left for the runner",
        "variable DATABASE_URL is the registry's own and is never substituted; left for the runner",
      ],
      sensitive: [],
    },
    {
      proves: "a process variable is sensitive: masked when asked",
      config: { type: "http", url: "http://a.example.com/${REGION}" }, env: { REGION: "eu-west-1" }, mask: true,
      expected: { type: "http", url: `http://a.example.com/${MASK}` }, warnings: [], sensitive: ["eu-west-1"],
    },
    {
      proves: "a variable without a value for this environment stays for the runner",
      config: { type: "http", url: "${BASE}/mcp" }, variables: { BASE: { value: undefined, secret: false } },
      expected: { type: "http", url: "${BASE}/mcp" }, warnings: ["variable BASE has no value for this environment; left for the runner"], sensitive: [],
    },
  ])("$proves", ({ config, server = "store", variables = {}, env = {}, mask, expected, warnings, sensitive }) => {
    const ctx = { variables: new Map(Object.entries(variables)), env, runnerPlaceholders, mask };
    const result = substituteEnvVars(config, ctx, server);
    expect(result.config).toEqual(expected);
    expect(result.warnings.map((warning: FieldError) => warning.message)).toEqual(warnings);
    expect(result.sensitiveValues).toEqual(sensitive);
  });
});
