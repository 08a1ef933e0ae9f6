import type { Tx } from "../db";
import { ApiError, type FieldError } from "../errors";
import type { Skipped } from "../formats/types";
import { zodFieldErrors } from "../schemas/field-errors";
import { withoutServerSetFields } from "../schemas/document";
import type { ConflictPolicy } from "../schemas/import";
import { preserveKeyOrder } from "../schemas/key-order";
import { agentSpec } from "../registry/agents";
import { capabilitySpec } from "../registry/capabilities";
import { definitionOf, tableOf } from "../registry/document-table";
import { insertDocument, writeDocument, type DocumentSpec } from "../registry/documents";

type Entry = { name: string; kind: "capability" | "agent" };
export type DocumentImport = { created: Entry[]; updated: Entry[]; skipped: (Skipped & { kind: Entry["kind"] })[]; errors: FieldError[] };

/**
 * Capabilities, then agents (which reference capabilities), written in the import's transaction after its
 * servers, so a bundle's references to its own servers resolve. Each entry succeeds or is reported; the
 * caller refuses the whole import in `fail` mode when anything is reported as an error.
 */
export async function importDocuments(
  tx: Tx,
  bundle: { capabilities: unknown[]; agents: unknown[] },
  { onConflict, actor, isSync = false }: { onConflict: ConflictPolicy; actor: string; isSync?: boolean },
): Promise<DocumentImport> {
  const result: DocumentImport = { created: [], updated: [], skipped: [], errors: [] };
  const groups = [[capabilitySpec, bundle.capabilities, "capabilities"], [agentSpec, bundle.agents, "agents"]] as const;
  for (const [spec, entries, key] of groups) {
    for (const [index, entry] of entries.entries()) {
      await importOne(tx, spec as DocumentSpec<{ name: string; description: string }>, entry, `/${key}/${index}`, { onConflict, actor, isSync }, result);
    }
  }
  return result;
}

async function importOne(
  tx: Tx,
  spec: DocumentSpec<{ name: string; description: string }>,
  entry: unknown,
  path: string,
  { onConflict, actor, isSync }: { onConflict: ConflictPolicy; actor: string; isSync: boolean },
  result: DocumentImport,
) {
  const kind = spec.kind;
  const input = withoutServerSetFields(entry);
  const parsed = spec.schema.safeParse(input);
  if (!parsed.success) {
    result.errors.push(...zodFieldErrors(parsed.error).map((error) => ({ path: `${path}${error.path}`, message: `${nameOf(entry)}: ${error.message}` })));
    return;
  }
  const definition = preserveKeyOrder(parsed.data, input);
  const existing = await tableOf(tx, kind).findUnique({ where: { name: definition.name } });
  if (existing && onConflict === "fail") {
    result.errors.push({ path: `${path}/name`, message: `${spec.noun.toLowerCase()} '${definition.name}' already exists` });
    return;
  }
  if (existing && (onConflict === "skip" || JSON.stringify(definitionOf(existing)) === JSON.stringify(definition))) {
    result.skipped.push({ name: definition.name, kind, reason: onConflict === "skip" ? "already exists" : "unchanged" });
    return;
  }

  try {
    if (existing) await writeDocument(tx, spec, definition.name, () => definition, { actor, isSync }, "import");
    else await insertDocument(tx, spec, definition, actor, "import");
    (existing ? result.updated : result.created).push({ name: definition.name, kind });
  } catch (error) {
    // Checks that read (unknown references, a rename onto a taken name) fail before anything is written.
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const details = error.errors?.length ? error.errors : [{ path: "", message: error.message }];
    result.errors.push(...details.map((detail) => ({ path: `${path}${detail.path}`, message: `${definition.name}: ${detail.message}` })));
  }
}

function nameOf(entry: unknown): string {
  const name = (entry as { name?: unknown } | null)?.name;
  return typeof name === "string" && name !== "" ? name : "(unnamed)";
}
