import { getDb } from "../db";
import { getConfig } from "../env";
import { InvalidInputError } from "../errors";
import { readThrough } from "../read-model/read-cache";
import { compareCodeUnits } from "../tools/fingerprint";
import { listEnvironmentNames } from "./server-list";

/**
 * DESIGN §14 "Known environments only": the registry's own, PATCHBAY_HEALTH_ENVIRONMENTS, and every key of a
 * server's or a variable's `environments`, in UTF-16 order. Remembered until a definition or variable is committed.
 */
export async function listKnownEnvironments(): Promise<string[]> {
  const representation = await readThrough(JSON.stringify(["known-environments"]), ["definitions"], async () => {
    const { environment, healthEnvironments } = getConfig();
    const [servers, variables] = await Promise.all([listEnvironmentNames(), variableEnvironmentNames()]);
    const names = [...new Set([environment, ...healthEnvironments, ...servers, ...variables])].sort(compareCodeUnits);
    return { text: JSON.stringify(names), etag: names.join(",") };
  });
  return JSON.parse(representation.text) as string[];
}

/**
 * The environment a gateway request, `/api/invoke`, a tool call or `/api/negotiate` names must be a known one: an
 * environment nobody defined or probed has no catalog, no pin and no drift to judge (400 naming the known ones).
 * `path` is the field's JSON pointer (`/environment` in a body; the query parameter's name otherwise).
 */
export async function assertKnownEnvironment(environment: string | undefined, path = "/environment"): Promise<void> {
  if (environment === undefined) return;
  const { environment: own, healthEnvironments } = getConfig();
  if (environment === own || healthEnvironments.includes(environment)) return;
  const known = await listKnownEnvironments();
  if (known.includes(environment)) return;
  const list = known.map((name) => `'${name}'`).join(", ");
  throw new InvalidInputError(`Environment '${environment}' is not known to this registry; known environments: ${list}.`, [
    { path, message: `must be a known environment (${list})` },
  ]);
}

async function variableEnvironmentNames(): Promise<string[]> {
  const rows = await getDb().variable.findMany({ select: { definition: true, sealed: true } });
  const names = new Set<string>();
  for (const row of rows) {
    // A secret's per-environment values are sealed; their environment names are the sealed object's keys.
    for (const text of [row.definition, row.sealed]) {
      const environments = text ? (JSON.parse(text) as { environments?: Record<string, unknown> }).environments : undefined;
      for (const name of Object.keys(environments ?? {})) names.add(name);
    }
  }
  return [...names];
}
