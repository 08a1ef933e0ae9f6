import { describe, expect, test } from "vitest";

import type { ServerInput } from "../schemas/server";
import { assertSecretsStayWithParameters, secretsMovedByParameters, substitutedSecretsMoved } from "./parameter-destinations";
import { resolveServer } from "./resolve-server";
import type { ResolveContext, VariableBinding } from "./types";

const SECRET = "secret-value-7c1f";
const ctx: ResolveContext = {
  environment: "production",
  variables: new Map<string, VariableBinding>([["SV", { value: SECRET, secret: true, scope: { servers: ["s"] } }], ["PLAIN", { value: "tenant-1", secret: false }]]),
  env: {},
  runnerPlaceholders: new Set(),
};
const hostSchema = { type: "object", properties: { host: { type: "string", default: "real.example.com" }, tenant: { type: "string", default: "acme" } } };
const server = (url: string, headers: Record<string, string>, extra: Partial<ServerInput> = {}) =>
  ({ name: "s", description: "d", version: "1.0.0", transport: { type: "http", url, headers }, parameters_schema: hostSchema, ...extra }) as ServerInput;
const moved = (definition: ServerInput, runtime: Record<string, unknown>) =>
  secretsMovedByParameters(definition, ctx, resolveServer(definition, ctx, { runtime }));

describe("secretsMovedByParameters (DESIGN §14 for parameters someone chooses)", () => {
  test.each<{ proves: string; definition: ServerInput; runtime: Record<string, unknown>; keys: string[] }>([
    { proves: "a {{host}} moved elsewhere carries the literal Authorization", definition: server("http://{{host}}/mcp", { Authorization: "Bearer lit-1" }), runtime: { host: "127.0.0.1:4444" }, keys: ["headers.Authorization"] },
    { proves: "a server-scoped secret variable counts too", definition: server("http://{{host}}/mcp", { Authorization: "Bearer ${SV}" }), runtime: { host: "127.0.0.1:4444" }, keys: ["headers.Authorization"] },
    { proves: "a tenant that rewrites the authority moves it", definition: server("https://{{tenant}}.mcp.example.com/mcp", { "X-Api-Key": "k-1" }), runtime: { tenant: "127.0.0.1:4444/x?" }, keys: ["headers.X-Api-Key"] },
    { proves: "another port is another origin", definition: server("http://{{host}}/mcp", { Authorization: "Bearer lit-1" }), runtime: { host: "real.example.com:8443" }, keys: ["headers.Authorization"] },
    { proves: "a secret in the URL is named `url`", definition: server("http://{{host}}/mcp?key=${SV}", {}), runtime: { host: "evil.test" }, keys: ["url"] },
    { proves: "a path or query parameter keeps the origin", definition: server("https://real.example.com/{{tenant}}/mcp?t={{tenant}}", { Authorization: "Bearer lit-1" }), runtime: { tenant: "other" }, keys: [] },
    { proves: "the server's own value given explicitly is no move", definition: server("http://{{host}}/mcp", { Authorization: "Bearer lit-1" }), runtime: { host: "real.example.com" }, keys: [] },
    { proves: "a non-secret variable is no secret", definition: server("http://{{host}}/mcp", { "X-Tenant": "${PLAIN}" }), runtime: { host: "127.0.0.1:4444" }, keys: [] },
    { proves: "a server without secrets may go anywhere", definition: server("http://{{host}}/mcp", { "X-Plain": "v" }), runtime: { host: "127.0.0.1:4444" }, keys: [] },
    {
      proves: "health_parameters are the server's own",
      definition: server("http://{{host}}/mcp", { Authorization: "Bearer lit-1" }, { health_parameters: { host: "127.0.0.1:4444" } }), runtime: { host: "127.0.0.1:4444" }, keys: [],
    },
    {
      proves: "a host parameter without a default moves whenever it carries a secret",
      definition: server("http://{{endpoint}}/mcp", { Authorization: "Bearer lit-1" }, { parameters_schema: { type: "object", properties: { endpoint: { type: "string" } } } }), runtime: { endpoint: "real.example.com" }, keys: ["headers.Authorization"],
    },
    {
      proves: "a stdio argument is part of the command line",
      definition: { name: "s", description: "d", version: "1.0.0", transport: { type: "stdio", command: "node", args: ["{{host}}"], env: { API_TOKEN: "t-1" } }, parameters_schema: hostSchema } as ServerInput,
      runtime: { host: "/tmp/evil.js" }, keys: ["env.API_TOKEN"],
    },
  ])("$proves", ({ definition, runtime, keys }) => {
    expect(moved(definition, runtime)).toEqual(keys);
  });

  test("assertSecretsStayWithParameters refuses with 409 secret-destination-changed naming the keys, unless the caller reads secrets", () => {
    const definition = server("http://{{host}}/mcp", { Authorization: "Bearer lit-1" });
    const chosen = resolveServer(definition, ctx, { runtime: { host: "127.0.0.1:4444" } });
    expect(() => assertSecretsStayWithParameters(definition, ctx, chosen, false)).toThrow(expect.objectContaining({ status: 409, type: "secret-destination-changed", extra: { keys: ["headers.Authorization"] } }));
    expect(() => assertSecretsStayWithParameters(definition, ctx, chosen, true)).not.toThrow();
  });
});

describe("substitutedSecretsMoved (DESIGN §10, §14 for a write of the server)", () => {
  const withSecret = (url: string, extra: Partial<ServerInput> = {}) => server(url, { Authorization: "Bearer ${SV}" }, extra);
  test.each<{ proves: string; current: ServerInput; next: ServerInput; keys: string[] }>([
    { proves: "a new URL origin moves a server-scoped secret", current: withSecret("https://real.example.com/mcp"), next: withSecret("http://127.0.0.1:4444/mcp"), keys: ["headers.Authorization"] },
    { proves: "health_parameters that move a {{host}} move it", current: withSecret("http://{{host}}/mcp"), next: withSecret("http://{{host}}/mcp", { health_parameters: { host: "127.0.0.1:4444" } }), keys: ["headers.Authorization"] },
    { proves: "a new path is no move", current: withSecret("https://real.example.com/mcp"), next: withSecret("https://real.example.com/v2/mcp"), keys: [] },
    { proves: "literal secrets are left to the write rule", current: server("https://real.example.com/mcp", { Authorization: "Bearer lit-1" }), next: server("http://127.0.0.1:4444/mcp", { Authorization: "Bearer lit-1" }), keys: [] },
    { proves: "non-secret variables may move", current: server("https://real.example.com/mcp", { "X-Tenant": "${PLAIN}" }), next: server("http://127.0.0.1:4444/mcp", { "X-Tenant": "${PLAIN}" }), keys: [] },
  ])("$proves", ({ current, next, keys }) => {
    expect(substitutedSecretsMoved(current, next, ctx)).toEqual(keys);
  });
});
