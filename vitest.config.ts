import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/** The API and database suites run twice: `api` on SQLite, `api-pg` on PostgreSQL (*.pg.test.ts: there only). */
const serverSuite = {
  include: ["e2e/api/**/*.test.ts", "e2e/db/**/*.test.ts"],
  globalSetup: ["e2e/api/global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

/**
 * DESIGN §15, parity by construction: the suites above run against the production server's direct mount of
 * the API's dispatcher; this slice runs again through Next's catch-all routes (the mount of `next dev` and of
 * tracing), with the same assertions. The role matrix calls every operation, writes included.
 */
const NEXT_MOUNT_SLICE = ["role-matrix", "servers-crud", "seed-paths", "registry-v01", "gateway", "bad-input", "request-guard"].map((name) => `e2e/api/${name}.test.ts`);

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["lib/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: { name: "api", ...serverSuite, exclude: [...configDefaults.exclude, "**/*.pg.test.ts"] },
      },
      {
        extends: true,
        test: { name: "api-pg", ...serverSuite },
      },
      {
        extends: true,
        test: { name: "api-next-mount", ...serverSuite, include: NEXT_MOUNT_SLICE, env: { PATCHBAY_API_MOUNT: "next" } },
      },
      {
        // DESIGN §16's referee: the conformance suite through a gateway of its own, on SQLite only (it runs in
        // test:api beside the API files; the engine plays no part in relaying the protocol).
        extends: true,
        test: { name: "referee", include: ["e2e/referee/**/*.test.ts"], globalSetup: ["e2e/referee/global-setup.ts"], testTimeout: 1_800_000, hookTimeout: 600_000 },
      },
    ],
  },
});
