import { getDb } from "../db";
import { serverInputSchema } from "../schemas/server";
import { createServer } from "./servers";

/** Seeds demo servers into an empty registry only; returns how many were written. */
export async function seedDemoData(servers: unknown[]): Promise<number> {
  if ((await getDb().server.count()) > 0) return 0;

  let written = 0;
  for (const server of servers) {
    try {
      await createServer(serverInputSchema.parse(server), { actor: "demo-seed" });
      written++;
    } catch (error) {
      // Another instance seeding the same empty database at the same moment wins the name.
      if ((error as { status?: number }).status !== 409) throw error;
    }
  }
  return written;
}
