import { isLiteralSecret } from "../schemas/secrets";
import { isPlainObject } from "../schemas/server-fields";
import { PARAMETER_PATTERN } from "../schemas/placeholders";
import { originOf, ownParameters } from "./parameter-destinations";
import { collectParameters } from "./parameters";
import { textOf } from "./template";
import { MASK } from "./types";
import { urlSecrets } from "./url-secrets";

type Definition = Record<string, unknown>;
/**
 * A literal secret of a definition: its key as the 409 names it, and the environment it belongs to (null: the base).
 * One written into a URL has `field` "url" and its place there as `key` (`password`, `query.access_token`).
 */
type Literal = { name: string; environment: string | null; field: string; key: string };

/**
 * DESIGN §14 "Literal secrets stay where they were written": the literal secrets of `after` that would now be sent
 * somewhere else than under `before` — the origin of the URL (or the stdio command line) of the base transport or of
 * an environment they reach changed — and that the write does not itself supply anew (`supplied`: the PUT body or
 * the merge patch, where a literal value, not `••••`, at the same place counts; null for a restore, which supplies
 * nothing). Named as `headers.Authorization`, `environments.production.env.API_KEY` or `url.query.access_token`.
 */
export function movedLiteralSecrets(before: Definition, after: Definition, supplied: unknown): string[] {
  const environments = [...new Set([...Object.keys(environmentsOf(before)), ...Object.keys(environmentsOf(after))])];
  const moved = (environment: string | null) => destinationOf(before, environment) !== destinationOf(after, environment);
  return literalsOf(after)
    .filter((literal) => {
      // A base value reaches the base and every environment that does not set the same key itself.
      const reaches = literal.environment !== null ? [literal.environment]
        : [null, ...environments.filter((name) => !hasKey(environmentsOf(after)[name], literal.field, literal.key))];
      return reaches.some(moved) && !suppliesAnew(supplied, literal);
    })
    .map((literal) => literal.name);
}

/**
 * Where a definition connects in `environment` (null: the base), as compared across a write: transport type plus
 * the URL's origin, or the stdio command line. An environment the definition does not define is its base (§2).
 * `{{param}}`s are filled with the definition's own parameters (`health_parameters`, then the schema's defaults),
 * so a write that moves a default or a health parameter moves the destination too; one without a value stays as written.
 */
export function destinationOf(definition: Definition, environment: string | null): string {
  const base = isPlainObject(definition.transport) ? definition.transport : {};
  const override = environment === null ? undefined : environmentsOf(definition)[environment];
  const merged = isPlainObject(override) ? { ...base, ...override } : base;
  const fill = ownParameterFiller(definition);
  if (merged.type === "stdio") {
    const args = Array.isArray(merged.args) ? merged.args.map(fill) : merged.args ?? null;
    return JSON.stringify(["stdio", fill(merged.command ?? null), args]);
  }
  return JSON.stringify([merged.type ?? null, originOf(fill(merged.url))]);
}

/** Fills the `{{param}}`s of a string with the definition's own parameters; anything else passes as it is. */
function ownParameterFiller(definition: Definition): (text: unknown) => unknown {
  let parameters: Record<string, unknown> | undefined;
  return (text) => {
    if (typeof text !== "string" || !text.includes("{{")) return text;
    parameters ??= collectParameters(isPlainObject(definition.parameters_schema) ? definition.parameters_schema : undefined,
      ownParameters({ health_parameters: isPlainObject(definition.health_parameters) ? definition.health_parameters : undefined })).parameters;
    const own = parameters;
    return text.replace(PARAMETER_PATTERN, (placeholder, name: string) => {
      const value = Object.hasOwn(own, name) ? own[name] : undefined;
      return value === undefined || value === null ? placeholder : textOf(value);
    });
  };
}

function literalsOf(definition: Definition): Literal[] {
  const found: Literal[] = [];
  const visit = (transport: unknown, environment: string | null) => {
    if (!isPlainObject(transport)) return;
    for (const field of ["headers", "env"]) {
      const map = transport[field];
      if (!isPlainObject(map)) continue;
      for (const [key, value] of Object.entries(map)) {
        if (!isLiteralSecret(key, value)) continue;
        found.push({ name: `${prefixOf(environment)}${field}.${key}`, environment, field, key });
      }
    }
    if (typeof transport.url !== "string") return;
    for (const { place } of urlSecrets(transport.url)) found.push({ name: `${prefixOf(environment)}url.${place}`, environment, field: "url", key: place });
  };
  visit(definition.transport, null);
  for (const [name, override] of Object.entries(environmentsOf(definition))) visit(override, name);
  return found;
}

function prefixOf(environment: string | null): string {
  return environment === null ? "" : `environments.${environment}.`;
}

function suppliesAnew(supplied: unknown, literal: Literal): boolean {
  if (!isPlainObject(supplied)) return false;
  const transport = literal.environment === null ? supplied.transport : environmentsOf(supplied)[literal.environment];
  if (literal.field === "url") {
    const url = isPlainObject(transport) ? transport.url : undefined;
    const value = typeof url === "string" ? urlSecrets(url).find((secret) => secret.place === literal.key)?.value : undefined;
    return value !== undefined && !value.includes(MASK);
  }
  const map = isPlainObject(transport) ? transport[literal.field] : undefined;
  if (!isPlainObject(map)) return false;
  const value = map[literal.key];
  return isLiteralSecret(literal.key, value) && !String(value).includes(MASK);
}

/** Whether an environment sets `key` itself; one that sets its own URL sets every secret written into one. */
function hasKey(transport: unknown, field: string, key: string): boolean {
  if (field === "url") return isPlainObject(transport) && Object.hasOwn(transport, "url");
  return isPlainObject(transport) && isPlainObject(transport[field]) && Object.hasOwn(transport[field], key);
}

function environmentsOf(definition: Definition): Record<string, unknown> {
  return isPlainObject(definition.environments) ? definition.environments : {};
}
