import { describe, expect, test } from "vitest";

import { findLiteralSecrets, literalSecretValues, maskLiteralSecrets } from "./literal-secrets";
import { keepMaskedValues } from "./masked-values";

const server = {
  name: "s",
  transport: { type: "http", url: "http://127.0.0.1", headers: { Authorization: "Bearer sk-live-1", "X-Team": "core", "X-Api-Key": "${API_KEY}" } },
  environments: { prod: { env: { DB_PASSWORD: "hunter2", REGION: "eu" } } },
};

describe("literal secrets", () => {
  test("findLiteralSecrets names each literal secret by path, not placeholders or ordinary values", () => {
    expect(findLiteralSecrets(server).map((warning) => warning.path)).toEqual(["/transport/headers/Authorization", "/environments/prod/env/DB_PASSWORD"]);
  });

  test("maskLiteralSecrets keeps the auth scheme, masks the rest, and leaves the input alone", () => {
    const masked = maskLiteralSecrets(server);
    expect(masked.transport.headers).toEqual({ Authorization: "Bearer ••••", "X-Team": "core", "X-Api-Key": "${API_KEY}" });
    expect(masked.environments.prod.env).toEqual({ DB_PASSWORD: "••••", REGION: "eu" });
    expect(server.transport.headers.Authorization).toBe("Bearer sk-live-1");
  });

  test("a literal beside a reference is a literal secret: warned about, masked whole (scheme kept), its literal part scrubbed", () => {
    const mixed = {
      name: "s2",
      transport: {
        type: "http", url: "http://127.0.0.1/mcp?api_key=${TENANT}-q1",
        headers: { "X-Api-Key": "${TENANT}-sk-live-LITERALMIX-333", Authorization: "Bearer ${TENANT}.tok-2", "X-Basic-Token": "${USER}:${PASS}", "X-Team": "${TEAM}-core" },
      },
    };
    expect(findLiteralSecrets(mixed).map((warning) => warning.path)).toEqual(["/transport/headers/X-Api-Key", "/transport/headers/Authorization", "/transport/url"]);
    expect(maskLiteralSecrets(mixed).transport).toEqual({
      type: "http", url: "http://127.0.0.1/mcp?api_key=••••",
      headers: { "X-Api-Key": "••••", Authorization: "Bearer ••••", "X-Basic-Token": "${USER}:${PASS}", "X-Team": "${TEAM}-core" },
    });
    // What a probe's reason is scrubbed of: the stored text with `${TENANT}` is never sent, its literal part is.
    expect(literalSecretValues(mixed)).toEqual(["-sk-live-LITERALMIX-333", ".tok-2", "-q1"]);
  });
});

describe("keepMaskedValues", () => {
  test.each([
    ["a masked value takes the stored one", { a: "Bearer ••••" }, { a: "Bearer sk" }, { a: "Bearer sk" }],
    ["unmasked values win", { a: "new" }, { a: "old" }, { a: "new" }],
    ["arrays by index", { list: ["x", "••••"] }, { list: ["y", "z"] }, { list: ["x", "z"] }],
  ])("%s", (_label, input, stored, expected) => {
    expect(keepMaskedValues(input, stored)).toEqual({ value: expected, errors: [] });
  });

  test("a masked value with nothing stored at its path is an error naming the path", () => {
    expect(keepMaskedValues({ transport: { headers: { A: "••••" } } }, {}).errors).toEqual([
      { path: "/transport/headers/A", message: expect.stringContaining("masked") },
    ]);
  });
});
