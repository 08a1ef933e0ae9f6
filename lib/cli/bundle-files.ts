import fs from "node:fs";
import path from "node:path";

import { CAPABILITY_SERVERS_FILE, capabilityServers, withServerReferences } from "../formats/capability-mcp-json";
import { parseText } from "../formats/parse-text";
import { NAME_PATTERN } from "../schemas/common";
import type { ExportBundle } from "../schemas/import";

/** Seed 003's layout: one folder per entity, holding one JSON file named for its kind. */
const LAYOUT = [
  { key: "mcp_servers", folder: "mcp-servers", file: "mcp-server.json" },
  { key: "capabilities", folder: "capabilities", file: "capability.json" },
  { key: "agents", folder: "agents", file: "agent.json" },
] as const;

/**
 * A seed 003 directory as the text of a native bundle; a file that is not JSON fails naming the file. A
 * `capability.mcp.json` beside a `capability.json` (the seed's approach 2) adds its servers — a name already
 * defined, in `mcp-servers/` or beside an earlier capability, keeps its first definition — and the capability
 * references each by its name.
 */
export function readBundleDirectory(root: string): string {
  const bundle: Record<string, unknown[]> = {};
  for (const { key, folder, file } of LAYOUT) {
    // Paths come from the command line or PATCHBAY_SYNC_PATH at run time: nothing for the bundler to trace.
    const parent = path.join(/*turbopackIgnore: true*/ root, folder);
    const names = fs.existsSync(/*turbopackIgnore: true*/ parent) ? fs.readdirSync(/*turbopackIgnore: true*/ parent).sort() : [];
    const folders = names.map((name) => path.join(/*turbopackIgnore: true*/ parent, name)).filter((entity) => fs.existsSync(/*turbopackIgnore: true*/ path.join(entity, file)));
    bundle[key] = folders.map((entity) => readJsonFile(path.join(/*turbopackIgnore: true*/ entity, file)));
    if (key === "capabilities") bundle.capabilities = folders.map((entity, index) => withServersBeside(entity, bundle.capabilities[index], bundle.mcp_servers));
  }
  return JSON.stringify(bundle);
}

/** The capability read from `folder`, referencing the servers of its `capability.mcp.json`, which join `servers`. */
function withServersBeside(folder: string, capability: unknown, servers: unknown[]): unknown {
  const filePath = path.join(/*turbopackIgnore: true*/ folder, CAPABILITY_SERVERS_FILE);
  if (!fs.existsSync(/*turbopackIgnore: true*/ filePath) || typeof capability !== "object" || capability === null) return capability;
  const record = capability as Record<string, unknown>;
  let beside: Record<string, unknown>[];
  try {
    beside = capabilityServers(readJsonFile(filePath), String(record.name ?? path.basename(folder)));
  } catch (error) {
    throw new Error(`${filePath} ${(error as Error).message}`);
  }
  const known = new Set(servers.map((server) => (server as { name?: unknown }).name));
  for (const server of beside) {
    if (known.has(server.name)) continue;
    known.add(server.name);
    servers.push(server);
  }
  return withServerReferences(record, beside.map((server) => String(server.name)));
}

/** Writes the bundle in seed 003's layout, two-space indented; files of names not in the bundle are left alone. */
export function writeBundleDirectory(root: string, bundle: ExportBundle): string[] {
  const written: string[] = [];
  for (const { key, folder, file } of LAYOUT) {
    for (const entry of bundle[key]) {
      const name = String(entry.name);
      // Names become folder names: the name pattern keeps them inside `root`.
      if (!NAME_PATTERN.test(name)) throw new Error(`Cannot export '${name}' to a folder: not a valid name.`);
      const filePath = path.join(/*turbopackIgnore: true*/ root, folder, name, file);
      fs.mkdirSync(path.dirname(filePath), { recursive: true });
      fs.writeFileSync(filePath, toJsonFile(entry));
      written.push(filePath);
    }
  }
  return written;
}

export function toJsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function readJsonFile(filePath: string): unknown {
  const parsed = parseText(fs.readFileSync(filePath, "utf8"));
  if (!parsed.ok) throw new Error(`${filePath} ${parsed.error.message}`);
  return parsed.value;
}
