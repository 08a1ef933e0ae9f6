import { asObject } from "./schema-properties";

type JsonSchema = Record<string, unknown>;
export type ParameterValues = Record<string, unknown>;

/** The schema's `default`s, nested objects included: the form's starting values. */
export function defaultsOf(schema: JsonSchema | undefined): ParameterValues {
  const properties = asObject(schema?.properties) ?? {};
  const values: ParameterValues = {};
  for (const [name, value] of Object.entries(properties)) {
    const property = asObject(value) ?? {};
    if ("default" in property) values[name] = property.default;
    else if (asObject(property.properties)) {
      const nested = defaultsOf(property);
      if (Object.keys(nested).length) values[name] = nested;
    }
  }
  return values;
}

/** Immutable set at a path of keys; `undefined` removes the key (an emptied input sends nothing). */
export function setAtPath(values: ParameterValues, path: string[], value: unknown): ParameterValues {
  const [head, ...rest] = path;
  const copy = { ...values };
  const next = rest.length ? setAtPath(asObject(copy[head]) ?? {}, rest, value) : value;
  if (next === undefined || (rest.length && Object.keys(next as object).length === 0)) delete copy[head];
  else copy[head] = next;
  return copy;
}

export function getAtPath(values: ParameterValues, path: string[]): unknown {
  return path.reduce<unknown>((current, key) => asObject(current)?.[key], values);
}
