import { NotFoundError } from "../errors";
import type { SourceTool, ToolsOf } from "../resolve/effective-tools";
import { getServer } from "./servers";
import { listServerTools } from "../tools/tool-views";

/**
 * The one place effective tools read servers' tools from: the tool catalog (DESIGN §11) — what the last
 * successful probe of `environment` discovered, and each declared tool no probe discovered under that name —
 * with a declared tool's `original_name` (the name the upstream knows) carried over, and its `description` over
 * the discovered one: what clients see is the registry's word (DESIGN §19, seed 004; the catalog keeps both).
 * An unknown server has none.
 */
export async function loadToolsOf(servers: string[], environment: string): Promise<ToolsOf> {
  const names = [...new Set(servers)];
  const byName = new Map(await Promise.all(names.map(async (name) => [name, await toolsOfServer(name, environment)] as const)));
  return (server) => byName.get(server);
}

async function toolsOfServer(name: string, environment: string): Promise<SourceTool[] | undefined> {
  try {
    const [catalog, server] = await Promise.all([listServerTools(name, environment), getServer(name)]);
    const declared = new Map((server.tools ?? []).map((tool) => [tool.name, tool] as const));
    return catalog.map((tool) => ({
      name: tool.name,
      title: tool.title ?? undefined,
      description: declared.get(tool.name)?.description ?? tool.description ?? undefined,
      input_schema: tool.input_schema ?? undefined,
      output_schema: tool.output_schema ?? undefined,
      annotations: tool.annotations ?? undefined,
      original_name: declared.get(tool.name)?.original_name,
      version: declared.get(tool.name)?.version,
    }));
  } catch (error) {
    if (error instanceof NotFoundError) return undefined;
    throw error;
  }
}
