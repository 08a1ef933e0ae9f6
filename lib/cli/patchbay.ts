import { parseArgs } from "node:util";

import { ROLES } from "../auth/roles";
import { prepareDatabase } from "../db";
import { applyMigrations } from "../db/migrate";
import { createToken } from "../data/tokens";
import { getConfig } from "../env";

/**
 * `npm run patchbay -- <command>` against the configured database (DATABASE_URL).
 *   token create --role admin --name ops [--expires-at 2027-01-01T00:00:00Z]
 */
const USAGE = "usage: npm run patchbay -- token create --role <viewer|runner|editor|admin> --name <name> [--expires-at <ISO date>]";

const commands: Record<string, (args: string[]) => Promise<void>> = {
  "token create": createTokenCommand,
};

async function main() {
  const [group, verb, ...rest] = process.argv.slice(2);
  const command = commands[`${group} ${verb}`];
  if (!command) fail(USAGE);

  await applyMigrations(getConfig().DATABASE_URL);
  await prepareDatabase();
  await command(rest);
}

async function createTokenCommand(args: string[]) {
  const { values } = parseArgs({ args, options: { role: { type: "string" }, name: { type: "string" }, "expires-at": { type: "string" } } });
  const role = ROLES.find((candidate) => candidate === values.role);
  if (!role || !values.name) fail(USAGE);
  const expiresAt = values["expires-at"] ? new Date(values["expires-at"]) : null;
  if (expiresAt && Number.isNaN(expiresAt.getTime())) fail("--expires-at must be an ISO date");

  const minted = await createToken({ name: values.name, role, expiresAt });
  console.log(`Created ${role} token '${minted.name}' (id ${minted.id}). It is shown this once:\n${minted.token}`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

main().then(() => process.exit(0), (error) => {
  console.error((error as Error).message);
  process.exit(1);
});
