import { getDb } from "../db";
import { resolveTransport } from "../resolve/resolve-server";
import type { ServerInput } from "../schemas/server";
import type { EnvironmentVariables } from "../schemas/variable";
import { loadResolveContext } from "./resolve-context";
import { listVariables } from "./variables";
import { variablesNamedIn } from "./variable-users";

/**
 * The variables page of one environment (DESIGN §10): every variable with the value that environment
 * gets (a secret's as `••••`), the servers naming it, and the servers that would stay unresolved there —
 * each with the reason per placeholder. Only definitions that hold a `${` are resolved.
 */
export async function describeEnvironmentVariables(environment: string): Promise<EnvironmentVariables> {
  const [variables, rows, context] = await Promise.all([
    listVariables(),
    getDb().server.findMany({ where: { definition: { contains: "${" } }, select: { name: true, definition: true }, orderBy: { name: "asc" } }),
    loadResolveContext(environment, { mask: true }),
  ]);

  const usedBy = new Map<string, string[]>();
  const unresolved: EnvironmentVariables["unresolved"] = [];
  for (const row of rows) {
    for (const name of variablesNamedIn(row.definition)) usedBy.set(name, [...(usedBy.get(name) ?? []), row.name]);

    const { warnings } = resolveTransport(JSON.parse(row.definition) as ServerInput, context);
    const problems = warnings.filter((warning) => warning.message.startsWith("variable "));
    if (problems.length) unresolved.push({ server: row.name, warnings: problems });
  }

  return {
    environment,
    variables: variables.map((variable) => {
      const fromEnvironment = variable.environments && Object.hasOwn(variable.environments, environment);
      const value = fromEnvironment ? variable.environments![environment] : variable.value;
      return {
        ...variable,
        effective: { source: fromEnvironment ? "environment" : value === undefined ? "none" : "default", value: value ?? null },
        used_by: usedBy.get(variable.name) ?? [],
      };
    }),
    unresolved,
  };
}
