import type { CapabilityInput } from "../schemas/capability";
import type { ServerInput } from "../schemas/server";
import { parseReferences } from "../resolve/references";
import { toolGlob } from "../resolve/tool-glob";
import { compact } from "./draft";

type Json = Record<string, unknown>;

/**
 * A capability as a seed 004 unified registry (DESIGN §11), the inverse of `convertUnified`: its referenced
 * servers under `servers`, the declared tools its `include` admits (all of them without `include`) as base tools,
 * (and those a virtual tool names), and its virtual tools with `source` written back as the tool name the registry uses. Schemas stay inline (a
 * resolved `$ref` has no name to go back to). `servers` are the referenced definitions, by name.
 */
export function toUnified(capability: CapabilityInput, servers: Map<string, ServerInput>): Json {
  const references = parseReferences(capability.mcp_servers).flatMap((reference) => (reference.kind === "server" && servers.has(reference.server) ? [reference] : []));
  const globs = capability.tools?.include?.map(toolGlob);
  const toolName = new Map<string, string>(); // `alias.tool` → the unified tool name
  const sources = new Set((capability.tools?.virtual ?? []).map((tool) => tool.source));

  const baseTools = references.flatMap(({ alias, server }) => (servers.get(server)!.tools ?? []).flatMap((tool) => {
    const address = `${alias}.${tool.name}`;
    toolName.set(address, tool.name);
    // A tool `include` leaves out is still written when a virtual tool names it: unified has no other place for it.
    if (globs && !globs.some((glob) => glob.test(address)) && !sources.has(address)) return [];
    return [compact({
      name: tool.name, server, description: tool.description, inputSchema: tool.input_schema, outputSchema: tool.output_schema,
      originalName: tool.original_name, version: tool.version,
    })];
  }));
  const virtualTools = (capability.tools?.virtual ?? []).map((tool) => compact({
    name: tool.name, source: toolName.get(tool.source) ?? tool.source, description: tool.description, inputSchema: tool.input_schema, defaults: tool.defaults,
    outputSchema: tool.output_schema,
  }));

  const unique = [...new Set(references.map((reference) => reference.server))];
  return { schemaVersion: "1.0", servers: unique.map((name) => toUnifiedServer(servers.get(name)!)), tools: [...baseTools, ...virtualTools] };
}

function toUnifiedServer(server: ServerInput): Json {
  const { transport } = server;
  const head = { name: server.name, description: server.description };
  const tail = { parametersSchema: server.parameters_schema, tags: server.tags };
  if (transport.type === "stdio") {
    return compact({ ...head, stdio: compact({ command: transport.command, args: transport.args }), env: transport.env, ...tail });
  }
  return compact({
    ...head, url: transport.url, transport: transport.type === "http" ? "streamablehttp" : "sse", headers: transport.headers,
    auth: server.auth?.type, ...tail,
  });
}
