import { PARAMETER_PATTERN } from "./placeholders";

type Override = { url?: string; headers?: Record<string, string>; command?: string; args?: string[]; env?: Record<string, string> };
type Definition = { transport: Override; environments?: Record<string, Override>; parameters_schema?: Record<string, unknown> };

/** One `{{name}}` that its server's parameters schema does not declare, at the definition path that uses it. */
export type UndeclaredParameter = { path: (string | number)[]; parameter: string; message: string };

const MESSAGE_PATTERN = /^uses \{\{(.+)\}\}, which the parameters schema does not declare$/;

/** The sentence the API and the form show; `undeclaredParameterIn` reads the name back for "Add it" buttons. */
export function undeclaredParameterMessage(parameter: string): string {
  return `uses {{${parameter}}}, which the parameters schema does not declare`;
}

export function undeclaredParameterIn(message: string): string | undefined {
  return MESSAGE_PATTERN.exec(message)?.[1];
}

/** The parameters `parameters_schema.properties` declares: the only names a `{{name}}` may use (DESIGN §2 step 4). */
export function declaredParameters(schema: Record<string, unknown> | undefined): Set<string> {
  const properties = schema?.properties;
  const isObject = typeof properties === "object" && properties !== null && !Array.isArray(properties);
  return new Set(isObject ? Object.keys(properties) : []);
}

/** Every `{{name}}` in a string of the definition (url, header and env values, command, args; each environment's too) that is not declared. */
export function findUndeclaredParameters(server: Definition): UndeclaredParameter[] {
  const declared = declaredParameters(server.parameters_schema);
  return definitionStrings(server).flatMap(([path, text]) =>
    [...new Set(namesIn(text))].filter((name) => !declared.has(name))
      .map((parameter) => ({ path, parameter, message: undeclaredParameterMessage(parameter) })));
}

/** The strings resolution fills placeholders in (DESIGN §2), with their definition paths: the transport's, then each environment's. */
export function definitionStrings(server: Pick<Definition, "transport" | "environments">): [(string | number)[], string][] {
  const places: [(string | number)[], Override][] = [
    [["transport"], server.transport],
    ...Object.entries(server.environments ?? {}).map(([name, override]): [(string | number)[], Override] => [["environments", name], override]),
  ];
  return places.flatMap(([base, override]) => stringsOf(override).map(([path, text]): [(string | number)[], string] => [[...base, ...path], text]));
}

/** The `{{name}}` placeholders used in one string, in order. */
export function namesIn(text: string): string[] {
  return [...text.matchAll(PARAMETER_PATTERN)].map((match) => match[1]);
}

function stringsOf(override: Override): [(string | number)[], string][] {
  return [
    ...(typeof override.url === "string" ? [[["url"], override.url] as [(string | number)[], string]] : []),
    ...Object.entries(override.headers ?? {}).map(([key, value]): [(string | number)[], string] => [["headers", key], value]),
    ...(typeof override.command === "string" ? [[["command"], override.command] as [(string | number)[], string]] : []),
    ...(override.args ?? []).map((arg, index): [(string | number)[], string] => [["args", index], arg]),
    ...Object.entries(override.env ?? {}).map(([key, value]): [(string | number)[], string] => [["env", key], value]),
  ];
}
