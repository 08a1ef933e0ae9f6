import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

/** The API and database suites run twice: `api` on SQLite, `api-pg` on PostgreSQL (*.pg.test.ts: there only). */
const serverSuite = {
  include: ["e2e/api/**/*.test.ts", "e2e/db/**/*.test.ts"],
  globalSetup: ["e2e/api/global-setup.ts"],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};

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
    ],
  },
});
