import type { ArgRow, EnvironmentRow, IconRow, KeyValueRow, ServerFormValues } from "./server-form-values";

/** A problem found while turning the form into a definition, already addressed to a form field. */
export type FormProblem = { field: string; message: string };

/**
 * The form's values as the definition the API takes (not yet validated: serverInputSchema does that).
 * Empty optional fields are left out and fields of the other transport kind are dropped, as the UI hides them.
 */
export function toServerInput(values: ServerFormValues): { input: Record<string, unknown>; problems: FormProblem[] } {
  // An empty name would get the pattern's long message; "is required" says what to do.
  const problems: FormProblem[] = values.name.trim() ? [] : [{ field: "name", message: "is required" }];
  const isStdio = values.transport.type === "stdio";
  const { type, url, command } = values.transport;

  const transport = isStdio
    ? { type, command: command.trim(), ...optional("args", toArgs(values.transport.args)), ...optional("env", toMap(values.transport.env, "transport.env", "variable", problems)) }
    : { type, url: url.trim(), ...optional("headers", toMap(values.transport.headers, "transport.headers", "header", problems)) };

  const input: Record<string, unknown> = {
    ...values.extra,
    name: values.name.trim(),
    description: values.description,
    ...optional("version", values.version.trim() || undefined),
    transport,
    ...optional("parameters_schema", parseSchema(values.parameters_schema, problems)),
    ...optional("health_parameters", Object.keys(values.health_parameters).length ? values.health_parameters : undefined),
    ...optional("support", toSupport(values.support)),
    // A draft typed before icons were a form field has none here: its icons are still in `extra`.
    ...optional("icons", toIcons(values.icons ?? [])),
    ...optional("environments", toEnvironments(values.environments, isStdio, problems)),
    ...optional("tags", values.tags.length ? values.tags : undefined),
    ...optional("provides", values.provides.length ? values.provides : undefined),
  };
  return { input, problems };
}

function optional(key: string, value: unknown): Record<string, unknown> {
  return value === undefined ? {} : { [key]: value };
}

function toArgs(rows: ArgRow[]): string[] | undefined {
  const args = rows.map((row) => row.value);
  return args.length ? args : undefined;
}

function toMap(rows: KeyValueRow[], field: string, noun: string, problems: FormProblem[]): Record<string, string> | undefined {
  const map: Record<string, string> = {};
  rows.forEach((row, index) => {
    const key = row.key.trim();
    if (!key && !row.value) return; // an untouched blank row
    if (!key) problems.push({ field: `${field}.${index}.key`, message: `a ${noun} needs a name` });
    else if (key in map) problems.push({ field: `${field}.${index}.key`, message: `${noun} “${key}” is already set above` });
    else map[key] = row.value;
  });
  return Object.keys(map).length ? map : undefined;
}

function parseSchema(text: string, problems: FormProblem[]): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    problems.push({ field: "parameters_schema", message: `is not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

function toSupport(support: ServerFormValues["support"]): Record<string, string> | undefined {
  const filled = Object.entries(support).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value);
  return filled.length ? Object.fromEntries(filled) : undefined;
}

/** The filled rows, in order; an icon's mimeType and sizes only while its source is the one they describe. */
function toIcons(rows: IconRow[]): Record<string, unknown>[] | undefined {
  const icons = filledIconRows(rows).map(({ src, theme, openedSrc, extra }) => ({
    ...(src.trim() === openedSrc ? extra : {}),
    src: src.trim(),
    ...optional("theme", theme || undefined),
  }));
  return icons.length ? icons : undefined;
}

/** The icon rows that are saved (blank ones are dropped), with their index in the form: `/icons/N` is the Nth of these. */
export function filledIconRows(rows: IconRow[]): (IconRow & { index: number })[] {
  return rows.map((row, index) => ({ ...row, index })).filter((row) => row.src.trim() !== "");
}

function toEnvironments(rows: EnvironmentRow[], isStdio: boolean, problems: FormProblem[]) {
  const environments: Record<string, Record<string, unknown>> = {};
  rows.forEach((row, index) => {
    const name = row.name.trim();
    if (!name) { problems.push({ field: `environments.${index}.name`, message: "is required" }); return; }
    if (name in environments) { problems.push({ field: `environments.${index}.name`, message: `“${name}” is already listed above` }); return; }

    // Only the overrides that apply to the transport in use; the others are hidden in the form.
    const { headers, env, ...rest } = row.extra;
    const override = isStdio
      ? { ...rest, ...optional("command", row.command.trim() || undefined), ...optional("args", toArgs(row.args)), ...optional("env", env) }
      : { ...rest, ...optional("url", row.url.trim() || undefined), ...optional("headers", headers) };
    environments[name] = override;
  });
  return rows.length ? environments : undefined;
}
