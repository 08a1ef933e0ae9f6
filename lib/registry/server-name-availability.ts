import { getDb } from "../db";
import { entityNameSchema } from "../schemas/common";
import type { NameAvailability } from "../schemas/name-availability";

/** May a new server take `name`? A name the rules refuse is unavailable with the rule as the reason. */
export async function serverNameAvailability(name: string): Promise<NameAvailability> {
  const checked = entityNameSchema.safeParse(name);
  if (!checked.success) return { name, available: false, reason: checked.error.issues[0].message };
  const taken = await getDb().server.findUnique({ where: { name }, select: { id: true } });
  return taken ? { name, available: false, reason: "a server already has this name" } : { name, available: true };
}
