import { KeyValueList } from "@/components/ui/key-value-list";

type JsonObject = Record<string, unknown>;

const asRecord = (value: unknown): JsonObject | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;

/** A legacy inline config shown as a config: type, url or command and args, headers or env (as the API returns them, secrets masked). */
export function InlineConfig({ config }: { config: JsonObject }) {
  const items: [string, string][] = [["Type", String(config.type ?? (config.command === undefined ? "http" : "stdio"))]];
  if (config.url !== undefined) items.push(["URL", String(config.url)]);
  if (config.command !== undefined) items.push(["Command", String(config.command)]);
  if (Array.isArray(config.args) && config.args.length) items.push(["Args", config.args.map(String).join(" ")]);
  for (const [group, label] of [["headers", "Header"], ["env", "Env"]] as const) {
    for (const [key, value] of Object.entries(asRecord(config[group]) ?? {})) items.push([`${label} ${key}`, String(value)]);
  }
  const known = new Set(["type", "url", "command", "args", "headers", "env"]);
  for (const [key, value] of Object.entries(config)) if (!known.has(key)) items.push([key, JSON.stringify(value)]);
  return <KeyValueList items={items} mono />;
}
