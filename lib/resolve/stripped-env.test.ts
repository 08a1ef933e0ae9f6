import { expect, test } from "vitest";

import { strippedEnvWarnings } from "./stripped-env";

test("seed 004's fetch-server: each env key the server is started without is named, harmless ones are not", () => {
  const server = {
    transport: { type: "stdio" as const, command: "uvx", args: ["mcp-server-fetch"], env: { HTTP_PROXY: "${HTTP_PROXY}", LD_PRELOAD: "/tmp/x.so", PYTHONUNBUFFERED: "1", API_KEY: "${API_KEY}" } },
    environments: { "prod/eu": { env: { NODE_OPTIONS: "--require /tmp/x.js", REGION: "eu" } } },
  };
  expect(strippedEnvWarnings(server).map((warning) => warning.path)).toEqual([
    "/transport/env/HTTP_PROXY", "/transport/env/LD_PRELOAD", "/environments/prod~1eu/env/NODE_OPTIONS",
  ]);
  expect(strippedEnvWarnings(server)[0].message).toContain("'HTTP_PROXY'");
  expect(strippedEnvWarnings({ transport: { type: "http", url: "https://docs.mcp.cloudflare.com/mcp" } })).toEqual([]);
});
