import type { FieldError } from "../errors";
import { getDb } from "../db";
import { getConfig } from "../env";
import { strippedEnvWarnings } from "../resolve/stripped-env";
import { DEFAULT_RUNNER_PLACEHOLDERS } from "../resolve/types";
import { unknownVariableWarnings } from "../resolve/unknown-variables";
import type { ServerInput } from "../schemas/server";
import { allowedProcessEnv } from "../variables/resolve-context";

/** What a written server's response warns about (the write itself succeeded): stripped env keys, variables nothing fills. */
export async function serverWriteWarnings(server: Pick<ServerInput, "transport" | "environments">): Promise<FieldError[]> {
  const known = await knownVariableNames();
  return [...strippedEnvWarnings(server), ...unknownVariableWarnings(server, (name) => known.has(name))];
}

/** Registry variables in any environment, process variables PATCHBAY_ENV_ALLOW admits, and runner placeholders. */
async function knownVariableNames(): Promise<Set<string>> {
  const rows = await getDb().variable.findMany({ select: { name: true } });
  return new Set([
    ...rows.map((row) => row.name),
    ...Object.keys(allowedProcessEnv()),
    ...DEFAULT_RUNNER_PLACEHOLDERS,
    ...getConfig().PATCHBAY_RUNNER_PLACEHOLDERS,
  ]);
}
