import { MASK } from "../schemas/secrets";
import type { VariableInput, VariableOutput } from "../schemas/variable";

/** One per-environment value; `isStored` marks a secret's row whose value is kept when left empty. */
export type EnvironmentValueRow = { name: string; value: string; isStored: boolean };

export type VariableFormValues = {
  name: string;
  description: string;
  secret: boolean;
  value: string;
  environments: EnvironmentValueRow[];
  servers: string[];
  hosts: string[];
};

export function emptyVariableValues(): VariableFormValues {
  return { name: "", description: "", secret: false, value: "", environments: [], servers: [], hosts: [] };
}

/** A secret's values arrive as `••••` and stay out of the form: its inputs start empty, meaning "keep". */
export function toVariableFormValues(variable: VariableOutput): VariableFormValues {
  const shown = (value: string | undefined) => (variable.secret ? "" : (value ?? ""));
  return {
    name: variable.name,
    description: variable.description ?? "",
    secret: variable.secret,
    value: shown(variable.value),
    environments: Object.entries(variable.environments ?? {}).map(([name, value]) => ({ name, value: shown(value), isStored: variable.secret })),
    servers: variable.scope?.servers ?? [],
    hosts: variable.scope?.hosts ?? [],
  };
}

/** Whether the stored variable (if any) is a secret with a default value the form may keep. */
export function hasStoredSecretValue(original: VariableOutput | undefined): boolean {
  return Boolean(original?.secret && (original.has_value || original.value !== undefined));
}

/**
 * The PUT body the form describes. An empty input that stands for a secret's stored value is sent as `••••`,
 * which the API reads as "unchanged" — so the secret never travels to the browser and back.
 */
export function toVariableInput(values: VariableFormValues, original?: VariableOutput): VariableInput {
  const keeps = values.secret && original?.secret;
  const value = values.value !== "" ? values.value : keeps && hasStoredSecretValue(original) ? MASK : undefined;
  const rows = values.environments.filter((row) => row.name.trim() !== "" || row.value !== "");
  const environments = Object.fromEntries(rows.map((row) => [row.name.trim(), row.value === "" && keeps && row.isStored ? MASK : row.value]));
  const hasScope = values.servers.length + values.hosts.length > 0;
  return {
    name: values.name.trim(),
    ...(values.description.trim() ? { description: values.description.trim() } : {}),
    secret: values.secret,
    ...(value === undefined ? {} : { value }),
    ...(rows.length ? { environments } : {}),
    ...(hasScope ? { scope: { ...(values.servers.length ? { servers: values.servers } : {}), ...(values.hosts.length ? { hosts: values.hosts } : {}) } } : {}),
  };
}
