import { GATEWAY_TOKEN_VARIABLE, RUNNER_TOKEN_PLACEHOLDER } from "@/lib/resolve/gateway-client-file";

/** Each way a client config leaves the token to its user: the placeholder value, an environment or an input reference. */
const TOKEN_SLOTS = [RUNNER_TOKEN_PLACEHOLDER, `\${env:${GATEWAY_TOKEN_VARIABLE}}`, /\$\{input:[a-z-]*token\}/g] as const;

/**
 * A gateway client config with a just-minted runner token written in where the user would have supplied it,
 * so the snippet shown once beside the token works as pasted. An `inputs` prompt nothing refers to any more
 * is dropped (VS Code would still ask for it).
 */
export function withRunnerToken(file: unknown, token: string): unknown {
  const filled = fill(file, token);
  if (!isObject(filled) || !Array.isArray(filled.inputs)) return filled;
  const text = JSON.stringify({ ...filled, inputs: [] });
  const inputs = filled.inputs.filter((input) => isObject(input) && text.includes(`\${input:${String(input.id)}}`));
  const { inputs: _dropped, ...rest } = filled;
  return inputs.length > 0 ? { ...rest, inputs } : rest;
}

function fill(value: unknown, token: string): unknown {
  if (typeof value === "string") return TOKEN_SLOTS.reduce<string>((text, slot) => text.replaceAll(slot, token), value);
  if (Array.isArray(value)) return value.map((item) => fill(item, token));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, token)]));
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
