import { InvalidInputError } from "../errors";
import { openSecret, sealSecret, type SecretKey } from "../secrets/secret-box";
import { getSecretKey, secretKeyWithId } from "../secrets/secret-key";
import { MASK } from "../schemas/secrets";
import type { VariableInput, VariableOutput } from "../schemas/variable";

export type VariableRow = {
  id: number; name: string; secret: boolean; definition: string; sealed: string | null;
  revision: number; createdAt: Date; modifiedAt: Date;
};

/** A secret's values as stored: each an AES-256-GCM envelope bound to its slot. */
type Sealed = { value?: string; environments: Record<string, string> };

/** The row's columns for `input`: a secret's values leave the definition and are sealed under the key. */
export function columnsOfVariable(input: VariableInput) {
  if (!input.secret) return { name: input.name, secret: false, definition: JSON.stringify(input), sealed: null };

  const key = requireKey();
  const { value, environments, ...rest } = input;
  const sealed: Sealed = {
    ...(value === undefined ? {} : { value: sealSecret(key, slotOf(input.name), value) }),
    environments: Object.fromEntries(Object.entries(environments ?? {}).map(([env, text]) => [env, sealSecret(key, slotOf(input.name, env), text)])),
  };
  return { name: input.name, secret: true, definition: JSON.stringify(rest), sealed: JSON.stringify(sealed) };
}

/** The variable as entered, a secret's values opened: for resolution and merge patches, never for a response. */
export function openVariable(row: Pick<VariableRow, "name" | "definition" | "sealed">, key?: SecretKey): VariableInput {
  const definition = JSON.parse(row.definition) as VariableInput;
  if (!row.sealed) return definition;

  const sealed = JSON.parse(row.sealed) as Sealed;
  const usableKey = key ?? keyFor(sealed);
  const environments = Object.entries(sealed.environments);
  return {
    ...definition,
    ...(sealed.value === undefined ? {} : { value: openSecret(usableKey, slotOf(row.name), sealed.value) }),
    ...(environments.length ? { environments: Object.fromEntries(environments.map(([env, text]) => [env, openSecret(usableKey, slotOf(row.name, env), text)])) } : {}),
  };
}

/** What every response shows (DESIGN §10): a secret's values as `••••` with `has_value`, never the values. */
export function toVariableOutput(row: VariableRow): VariableOutput {
  const server = { created_at: row.createdAt.toISOString(), modified_at: row.modifiedAt.toISOString(), revision: row.revision };
  return { ...toVariableSnapshot(row), ...server };
}

/** The revision snapshot: what changed is recorded, never what a secret changed to. */
export function toVariableSnapshot(row: Pick<VariableRow, "definition" | "sealed">): Omit<VariableOutput, "created_at" | "modified_at" | "revision"> {
  const definition = JSON.parse(row.definition) as VariableInput;
  if (!row.sealed) return definition;

  const sealed = JSON.parse(row.sealed) as Sealed;
  const environments = Object.keys(sealed.environments);
  const { scope, ...rest } = definition;
  return {
    ...rest,
    ...(sealed.value === undefined ? {} : { value: MASK }),
    ...(environments.length ? { environments: Object.fromEntries(environments.map((env) => [env, MASK])) } : {}),
    has_value: sealed.value !== undefined || environments.length > 0,
    ...(scope ? { scope } : {}),
  };
}

/** Re-seals every value of a secret row under `to` (rotate-key). */
export function resealVariable(row: Pick<VariableRow, "name" | "definition" | "sealed">, from: SecretKey, to: SecretKey): string | null {
  if (!row.sealed) return null;
  const sealed = JSON.parse(row.sealed) as Sealed;
  const reseal = (slot: string, text: string) => sealSecret(to, slot, openSecret(from, slot, text));
  return JSON.stringify({
    ...(sealed.value === undefined ? {} : { value: reseal(slotOf(row.name), sealed.value) }),
    environments: Object.fromEntries(Object.entries(sealed.environments).map(([env, text]) => [env, reseal(slotOf(row.name, env), text)])),
  });
}

/** The configured key, or the one the values were sealed with when the key file was rotated meanwhile. */
function keyFor(sealed: Sealed): SecretKey {
  const first = sealed.value ?? Object.values(sealed.environments)[0];
  const id = first?.split(".")[1];
  return (id ? secretKeyWithId(id) : null) ?? requireKey();
}

function slotOf(name: string, environment = ""): string {
  return `${name}/${environment}`;
}

function requireKey(): SecretKey {
  const key = getSecretKey();
  if (!key) {
    throw new InvalidInputError("Secrets cannot be stored: PATCHBAY_SECRET_KEY is not set (required on PostgreSQL).", [
      { path: "/secret", message: "needs PATCHBAY_SECRET_KEY on this deployment" },
    ]);
  }
  return key;
}
