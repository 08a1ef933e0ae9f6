import { ensureFirstAdmin } from "./auth/first-admin";
import { prepareDatabase } from "./db";
import { applyMigrations } from "./db/migrate";
import { describeSeededDemo } from "./registry/describe-seeded-demo";
import { seedDemoData, type DemoData } from "./registry/seed";
import { getConfigOrExit } from "./env";
import { startAlertDelivery } from "./health/alert-webhook";
import { startHealthChecks } from "./health/health-lifecycle";
import { getProbeSettings } from "./health/probe-settings";
import { startRuntime } from "./runtime/runtime";
import { ensureSecretKey } from "./secrets/secret-key-boot";
import { startSync } from "./sync/sync-lifecycle";

/**
 * Validates the configuration, migrates the database and seeds an empty one with `demo` (handed in by the
 * entry point: lib/ does not reach into prisma/); fails loudly on any of them. Then starts the runtime: its services
 * (the health and sync schedulers), and SIGTERM/SIGINT stopping every part of it (lib/runtime/runtime.ts).
 */
export async function bootPatchbay({ demo }: { demo: DemoData }): Promise<void> {
  const config = getConfigOrExit();
  try {
    getProbeSettings();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const applied = await applyMigrations(config.DATABASE_URL);
  if (applied.length) console.log(`Patchbay: applied migrations ${applied.length > 3 ? `${applied[0]} … ${applied.at(-1)} (${applied.length})` : applied.join(", ")}`);

  await prepareDatabase();
  await ensureSecretKey();
  await ensureFirstAdmin(config);

  if (config.PATCHBAY_SEED_DEMO) {
    const seeded = await seedDemoData(demo);
    const lines = describeSeededDemo(seeded);
    if (lines.length) console.log(lines.join("\n"));
  }
  startRuntime({ "health checks": startHealthChecks, sync: startSync, alerts: startAlertDelivery });
}
