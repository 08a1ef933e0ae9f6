import { getDb, type Tx } from "../db";
import { InvalidInputError } from "../errors";
import type { FieldError } from "../errors";
import { parseToolRegistry, TOOL_REGISTRY_FORMAT } from "../formats/tool-registry-md";
import type { MergeImportReport } from "../schemas/import";
import { zodFieldErrors } from "../schemas/field-errors";
import { serverInputSchema, type ServerInput } from "../schemas/server";
import { writeEntity } from "../data/entity-store";
import { definitionOf } from "../registry/server-record";
import { insertServer, serverSpec } from "../registry/servers";

class DryRun extends Error {}

/** Where a server the import creates is reached: `?url=` (HTTP) or `?command=` (a stdio command line). */
export type RegistryTarget = { server?: string; url?: string; command?: string };

/**
 * POST /api/import?format=tool-registry-md&server=<name> (DESIGN §11, §19): seed 002's markdown merged into the
 * server — each section a declared tool (replacing one of that name) and a `tool_policy.tools` entry (likewise) —
 * as one new revision, whatever `on_conflict` says. An absent server is created from `?url=` or `?command=` (the
 * command line split at whitespace, like PATCHBAY_STDIO_ALLOW's entries) and reported as `created`; for an existing
 * server they are ignored. A section or input line that cannot be read, a missing url/command, or a definition that
 * is not valid is a 400 naming it and writes nothing.
 */
export async function importToolRegistry(text: string, target: RegistryTarget, { dryRun, actor }: { dryRun: boolean; actor: string }): Promise<MergeImportReport> {
  const { server } = target;
  if (!server) throw new InvalidInputError("format=tool-registry-md imports into one server: name it with ?server=.", [{ path: "/server", message: "is required" }]);
  if (target.url !== undefined && target.command !== undefined) {
    throw new InvalidInputError("Give ?url= or ?command=, not both.", [{ path: "/command", message: "cannot be given with url" }]);
  }
  const registry = parseToolRegistry(text);
  if (registry.errors.length > 0) throw new InvalidInputError("The tool registry has lines that cannot be read.", registry.errors);
  if (registry.tools.length === 0) throw new InvalidInputError("The body holds no `## TOOL` section.", [{ path: "/body", message: "has no tool sections" }]);

  const report: MergeImportReport = { dry_run: dryRun, format: TOOL_REGISTRY_FORMAT, created: [], updated: [], skipped: [], renamed: [], errors: [] };
  try {
    await getDb().$transaction(async (tx) => {
      const existing = await tx.server.findUnique({ where: { name: server }, select: { revision: true } });
      if (existing) {
        const written = await writeEntity(tx, serverSpec, server, (row) => merge(definitionOf(row), registry), { actor }, "import");
        // As every import reports an entry it did not change: a write that changes nothing writes nothing.
        if (written.revision === existing.revision) report.skipped.push({ name: server, reason: "unchanged: identical to the stored definition" });
        else report.updated.push({ name: server });
      } else {
        await create(tx, { ...target, server }, text, registry, actor);
        report.created.push({ name: server });
      }
      if (dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return report;
}

type Registry = ReturnType<typeof parseToolRegistry>;

async function create(tx: Tx, target: RegistryTarget & { server: string }, text: string, registry: Registry, actor: string) {
  const transport = transportOf(target);
  const title = /^#\s+(.+?)\s*$/m.exec(text)?.[1];
  const definition = {
    name: target.server,
    description: title ? `Tools declared by ${title.slice(0, 400)}` : "Tools declared by a markdown tool registry",
    transport,
    tools: registry.tools,
    tool_policy: { tools: registry.policies },
  };
  const parsed = serverInputSchema.safeParse(definition);
  if (!parsed.success) throw new InvalidInputError("The server to create is not valid.", zodFieldErrors(parsed.error).map(asQueryField));
  await insertServer(tx, parsed.data, { actor }, "import");
}

function transportOf(target: RegistryTarget): ServerInput["transport"] {
  if (target.url !== undefined) return { type: "http", url: target.url };
  const [command, ...args] = (target.command ?? "").trim().split(/\s+/).filter(Boolean);
  if (command) return { type: "stdio", command, ...(args.length > 0 && { args }) };
  throw new InvalidInputError(`MCP server '${target.server}' does not exist: give ?url= (HTTP) or ?command= (stdio) to create it.`, [
    { path: "/url", message: "is required to create the server (or command)" },
  ]);
}

/** The definition's fields that came from the query are named as the query names them. */
function asQueryField(error: FieldError): FieldError {
  if (error.path === "/name") return { ...error, path: "/server" };
  if (error.path === "/transport/url") return { ...error, path: "/url" };
  if (error.path.startsWith("/transport/")) return { ...error, path: "/command" };
  return error;
}

function merge(current: ServerInput, registry: Registry): ServerInput {
  const names = new Set(registry.tools.map((tool) => tool.name));
  const merged = {
    ...current,
    tools: [...(current.tools ?? []).filter((tool) => !names.has(tool.name)), ...registry.tools],
    tool_policy: { ...current.tool_policy, tools: { ...current.tool_policy?.tools, ...registry.policies } },
  };
  const parsed = serverInputSchema.safeParse(merged);
  if (!parsed.success) throw new InvalidInputError("The merged definition is not valid.", zodFieldErrors(parsed.error));
  return parsed.data;
}
