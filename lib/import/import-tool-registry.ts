import { getDb } from "../db";
import { InvalidInputError } from "../errors";
import { parseToolRegistry, TOOL_REGISTRY_FORMAT } from "../formats/tool-registry-md";
import type { MergeImportReport } from "../schemas/import";
import { zodFieldErrors } from "../schemas/field-errors";
import { serverInputSchema, type ServerInput } from "../schemas/server";
import { writeEntity } from "../data/entity-store";
import { definitionOf } from "../registry/server-record";
import { serverSpec } from "../registry/servers";

class DryRun extends Error {}

/**
 * POST /api/import?format=tool-registry-md&server=<name> (DESIGN §11): seed 002's markdown merged into an existing
 * server — each section a declared tool (replacing one of that name) and a `tool_policy.tools` entry (likewise) —
 * as one new revision, whatever `on_conflict` says. 404 when the server is absent; a section or input line that
 * cannot be read, or a merged definition that is not valid, is a 400 naming it and writes nothing.
 */
export async function importToolRegistry(text: string, server: string | undefined, { dryRun, actor }: { dryRun: boolean; actor: string }): Promise<MergeImportReport> {
  if (!server) throw new InvalidInputError("format=tool-registry-md merges into one server: name it with ?server=.", [{ path: "/server", message: "is required" }]);
  const registry = parseToolRegistry(text);
  if (registry.errors.length > 0) throw new InvalidInputError("The tool registry has lines that cannot be read.", registry.errors);
  if (registry.tools.length === 0) throw new InvalidInputError("The body holds no `## TOOL` section.", [{ path: "/body", message: "has no tool sections" }]);

  const report: MergeImportReport = { dry_run: dryRun, format: TOOL_REGISTRY_FORMAT, created: [], updated: [{ name: server }], skipped: [], renamed: [], errors: [] };
  try {
    await getDb().$transaction(async (tx) => {
      await writeEntity(tx, serverSpec, server, (row) => merge(definitionOf(row), registry), { actor }, "import");
      if (dryRun) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  return report;
}

function merge(current: ServerInput, registry: ReturnType<typeof parseToolRegistry>): ServerInput {
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
