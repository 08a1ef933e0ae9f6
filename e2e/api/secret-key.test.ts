import fs from "node:fs";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { apiClient, uniqueName } from "../support/api-client";
import { runPatchbayCli } from "../support/patchbay-cli";
import { startPatchbay, type PatchbayProcess } from "../support/patchbay-process";

/** DESIGN §10 on the embedded default: the key file, values sealed at rest, and rotate-key under a running server. */
const SECRET = `sealed-at-rest-${uniqueName("s")}`;
let patchbay: PatchbayProcess;
const api = () => apiClient(patchbay.baseUrl);
const databaseFile = () => patchbay.databaseUrl.replace(/^file:/, "");
const keyFile = () => path.join(path.dirname(databaseFile()), "patchbay.key");

beforeAll(async () => {
  patchbay = await startPatchbay({ env: { PATCHBAY_AUTH: "off", PATCHBAY_SEED_DEMO: "false" } });
  const created = await api().put("/api/variables/AT_REST_TOKEN", { secret: true, value: SECRET, scope: { servers: ["at-rest"] } });
  expect(created.status).toBe(201);
  await api().post("/api/mcp-servers", { name: "at-rest", description: "uses the secret", transport: { type: "stdio", command: "run", env: { TOKEN: "${AT_REST_TOKEN}" } } });
  await api().post("/api/agents", { name: "at-rest-agent", description: "x", mcp_servers: ["at-rest"] });
});

afterAll(async () => patchbay?.stop());

describe("secret key on the embedded default", () => {
  test("the first start creates a key file beside the database, readable by its owner only, and says so", () => {
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);
    expect(patchbay.logs()).toContain(`created the secret key ${keyFile()}`);
  });

  test("the database file and its WAL never hold the secret in clear", () => {
    for (const file of [databaseFile(), `${databaseFile()}-wal`].filter((candidate) => fs.existsSync(candidate))) {
      expect(fs.readFileSync(file).includes(Buffer.from(SECRET))).toBe(false);
    }
  });

  test("rotate-key re-seals every secret; the running server opens them with the new key file", async () => {
    const before = fs.readFileSync(keyFile(), "utf8");
    const cli = await runPatchbayCli(["secrets", "rotate-key"], { DATABASE_URL: patchbay.databaseUrl });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/Re-sealed 1 secret\(s\) under key [0-9a-f]{8}/);
    expect(cli.stdout + cli.stderr).not.toContain(SECRET);
    expect(fs.readFileSync(keyFile(), "utf8")).not.toBe(before);
    expect(fs.statSync(keyFile()).mode & 0o777).toBe(0o600);

    const blueprint = await api().get("/api/agents/at-rest-agent");
    expect(blueprint.body.agent.mcp_servers["at-rest"].env).toEqual({ TOKEN: SECRET });
    const audit = await api().get("/api/audit?action=secrets.rotate-key");
    expect(audit.body.entries).toHaveLength(1);
    expect(audit.text).not.toContain(SECRET);
  });
});
