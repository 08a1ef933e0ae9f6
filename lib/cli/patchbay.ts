import { parseArgs } from "node:util";

import { ROLES } from "../schemas/role";
import { prepareDatabase } from "../db";
import { applyMigrations } from "../db/migrate";
import { recordAuditEvent } from "../audit/audit-events";
import { createToken, revokeToken } from "../auth/tokens";
import { getConfig } from "../env";
import { DOCTOR_USAGE, doctorCommand } from "./doctor-command";
import { rotateKeyCommand, SECRETS_USAGE } from "./secrets-commands";
import { ApiError } from "../errors";
import { EXPORT_USAGE, exportCommand, IMPORT_USAGE, importCommand, UsageError } from "./import-export-commands";

/**
 * `npm run patchbay -- <command>` against the configured database (DATABASE_URL).
 *   token create --role admin --name ops [--expires-at 2027-01-01T00:00:00Z]
 *   token revoke <id>
 *   import <file|dir> [--on-conflict fail|skip|overwrite] [--dry-run] [--format <format>] [--secrets keep|placeholders]
 *   export <file.json|dir>
 *   secrets rotate-key [--new-key <base64>]
 *   doctor [--environment <name>] [--url <running Patchbay>]
 */
const USAGE = [
  "usage: npm run patchbay -- token create --role <viewer|runner|editor|admin> --name <name> [--expires-at <ISO date>]",
  "       npm run patchbay -- token revoke <id>",
  `       npm run patchbay -- ${IMPORT_USAGE}`,
  `       npm run patchbay -- ${EXPORT_USAGE}`,
  `       npm run patchbay -- ${SECRETS_USAGE}`,
  `       npm run patchbay -- ${DOCTOR_USAGE}`,
].join("\n");

/** Each returns the exit code (none means 0). */
const commands: Record<string, (args: string[]) => Promise<number | void>> = {
  "token create": createTokenCommand,
  "token revoke": revokeTokenCommand,
  import: importCommand,
  export: exportCommand,
  "secrets rotate-key": rotateKeyCommand,
  doctor: doctorCommand,
};

async function main(): Promise<number | void> {
  const argv = process.argv.slice(2);
  const twoWords = argv.slice(0, 2).join(" ");
  const [command, args] = commands[twoWords] ? [commands[twoWords], argv.slice(2)] : [commands[argv[0]], argv.slice(1)];
  if (!command) fail(USAGE);

  await applyMigrations(getConfig().DATABASE_URL);
  await prepareDatabase();
  return command(args);
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

/** Revoked at once for every running instance too: their principal caches see the write (lib/auth/principal-cache.ts). */
async function revokeTokenCommand(args: string[]) {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  if (positionals.length !== 1) fail(USAGE);
  const revoked = await revokeToken(positionals[0]);
  await recordAuditEvent({ actor: "cli", action: "token.revoke", entityType: "token", entityName: revoked.name, detail: { token_id: positionals[0], role: revoked.role } });
  console.log(`Revoked ${revoked.role} token '${revoked.name}' (id ${positionals[0]}).`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

main().then((code) => process.exit(code ?? 0), (error) => {
  if (error instanceof UsageError) fail(`usage: npm run patchbay -- ${error.message}`);
  if (String((error as { code?: unknown }).code).startsWith("ERR_PARSE_ARGS")) fail(`${(error as Error).message}\n${USAGE}`);
  console.error((error as Error).message);
  // Bad input names each failing field, as the API's problem+json does.
  if (error instanceof ApiError) for (const field of error.errors ?? []) console.error(`  ${field.path}: ${field.message}`);
  process.exit(1);
});
