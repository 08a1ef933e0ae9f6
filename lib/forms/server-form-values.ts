import type { ServerInput, TransportType } from "../schemas/server";
import type { Icon } from "../schemas/server-icons";

export type KeyValueRow = { key: string; value: string };
export type ArgRow = { value: string };
export type EnvironmentRow = {
  name: string;
  url: string;
  command: string;
  args: ArgRow[];
  /** Overrides the form has no inputs for (headers, env), kept as they were. */
  extra: Record<string, unknown>;
};
/** One icon: its source and theme are edited; the rest (mimeType, sizes) describes `openedSrc` and is kept with it. */
export type IconRow = {
  src: string;
  theme: "" | NonNullable<Icon["theme"]>;
  openedSrc: string;
  extra: Record<string, unknown>;
};
export const SUPPORT_FIELDS = ["owner", "documentation_url", "api_reference_url", "contact", "sla", "version", "health_endpoint"] as const;
export type SupportField = (typeof SUPPORT_FIELDS)[number];

/** The edit form's shape: maps become rows, the parameters schema is JSON text. */
export type ServerFormValues = {
  name: string;
  description: string;
  version: string;
  transport: { type: TransportType; url: string; headers: KeyValueRow[]; command: string; args: ArgRow[]; env: KeyValueRow[] };
  environments: EnvironmentRow[];
  support: Record<SupportField, string>;
  icons: IconRow[];
  tags: string[];
  provides: string[];
  parameters_schema: string;
  /** The values the scheduler and a re-check probe with (DESIGN §1), edited in a form generated from the schema. */
  health_parameters: Record<string, unknown>;
  /** Fields of the definition the form does not edit (tools), sent back unchanged. */
  extra: Record<string, unknown>;
};

const SERVER_SET = new Set(["created_at", "modified_at", "revision", "managed_by"]);
const FORM_FIELDS = new Set(["name", "description", "version", "transport", "environments", "support", "icons", "tags", "provides", "parameters_schema", "health_parameters"]);

export function emptyFormValues(): ServerFormValues {
  return toFormValues({ name: "", description: "", transport: { type: "http", url: "" } });
}

export function toFormValues(server: ServerInput & Record<string, unknown>): ServerFormValues {
  const transport = server.transport as Record<string, unknown>;
  return {
    name: server.name,
    description: server.description,
    version: server.version ?? "",
    transport: {
      type: server.transport.type,
      url: (transport.url as string) ?? "",
      headers: toRows(transport.headers as Record<string, string>),
      command: (transport.command as string) ?? "",
      args: toArgRows(transport.args as string[]),
      env: toRows(transport.env as Record<string, string>),
    },
    environments: Object.entries(server.environments ?? {}).map(([name, { url, command, args, ...extra }]) => ({
      name, url: url ?? "", command: command ?? "", args: toArgRows(args), extra,
    })),
    support: Object.fromEntries(SUPPORT_FIELDS.map((field) => [field, server.support?.[field] ?? ""])) as Record<SupportField, string>,
    icons: (server.icons ?? []).map(({ src, theme, ...extra }) => ({ src, theme: theme ?? "", openedSrc: src, extra })),
    tags: server.tags ?? [],
    provides: server.provides ?? [],
    parameters_schema: server.parameters_schema ? JSON.stringify(server.parameters_schema, null, 2) : "",
    health_parameters: server.health_parameters ?? {},
    extra: Object.fromEntries(Object.entries(server).filter(([key]) => !FORM_FIELDS.has(key) && !SERVER_SET.has(key))),
  };
}

function toRows(map: Record<string, string> | undefined): KeyValueRow[] {
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

function toArgRows(args: string[] | undefined): ArgRow[] {
  return (args ?? []).map((value) => ({ value }));
}
