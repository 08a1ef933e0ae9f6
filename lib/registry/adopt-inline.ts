import { isDeepStrictEqual } from "node:util";

import type { Tx } from "../db";
import { getDb } from "../db";
import { ConflictError, UnresolvableError } from "../errors";
import { zodFieldErrors } from "../schemas/field-errors";
import { parseReferences } from "../resolve/references";
import type { AgentInput } from "../schemas/agent";
import type { CapabilityInput } from "../schemas/capability";
import { toEntityName } from "../schemas/name-mapping";
import type { InlineReference, ReferenceValue } from "../schemas/reference";
import { serverBodySchema, type ServerInput } from "../schemas/server";
import { agentSpec } from "./agents";
import { capabilitySpec } from "./capabilities";
import { definitionOf, toStoredDocument } from "./document-table";
import { writeDocument, type DocumentSpec } from "./documents";
import { lockAndFind } from "../data/entity-store";
import { insertServer, type WriteOptions } from "./servers";

/**
 * POST /api/capabilities/{name}/adopt-inline: every legacy inline config becomes a registry server named
 * after its alias, and the reference is rewritten to that server — in one transaction, so either all of
 * them move or nothing changes. An existing server of that name is reused when its transport is identical.
 */
export async function adoptInlineConfigs(name: string, options: WriteOptions) {
  const { document, created } = await adoptInline(capabilitySpec, "capability", name, options);
  return { capability: document, created };
}

/** POST /api/agents/{name}/adopt-inline: the same for an agent's own inline configs. */
export async function adoptAgentInlineConfigs(name: string, options: WriteOptions) {
  const { document, created } = await adoptInline(agentSpec, "agent", name, options);
  return { agent: document, created };
}

async function adoptInline<T extends CapabilityInput | AgentInput>(spec: DocumentSpec<T>, noun: string, name: string, options: WriteOptions) {
  return getDb().$transaction(async (tx) => {
    const row = await lockAndFind(tx, spec, name, options.ifMatch);

    const current = definitionOf<T>(row);
    const adopted = new Map<string, string>();
    const created: string[] = [];
    for (const reference of parseReferences(current.mcp_servers)) {
      if (reference.kind !== "inline") continue;
      const server = serverFromInline(`${noun} ${name}`, reference.alias, reference.config, reference.path);
      if (await isNewServer(tx, server)) {
        await insertServer(tx, server, options);
        created.push(server.name);
      }
      adopted.set(reference.alias, server.name);
    }

    if (adopted.size === 0) return { document: toStoredDocument<T>(row), created };
    const document = await writeDocument(tx, spec, name, (definition) => rewrite(definition, adopted), options, "update");
    return { document, created };
  });
}

function serverFromInline(owner: string, alias: string, config: InlineReference, path: string): ServerInput {
  const { type, ...fields } = config;
  const result = serverBodySchema.safeParse({
    name: toEntityName(alias),
    description: `Adopted from ${owner}`,
    transport: { type: type ?? (fields.command === undefined ? "http" : "stdio"), ...fields },
  });
  if (result.success) return result.data;

  const errors = zodFieldErrors(result.error).map((error) => ({ path: `${path}${error.path.replace(/^\/transport/, "")}`, message: error.message }));
  throw new UnresolvableError(`The inline config '${alias}' can not become a registry server: ${errors[0].path} ${errors[0].message}.`, errors);
}

/** False when a server of that name exists with the same transport (it is reused); 409 when it differs. */
async function isNewServer(tx: Tx, server: ServerInput): Promise<boolean> {
  const existing = await tx.server.findUnique({ where: { name: server.name }, select: { definition: true } });
  if (!existing) return true;
  if (isDeepStrictEqual(definitionOf<ServerInput>(existing).transport, server.transport)) return false;
  throw new ConflictError(`An MCP server named '${server.name}' already exists with a different transport; rename the inline config's alias or reference that server.`);
}

/** The same aliases in the same order; each adopted one now names its server. */
function rewrite<T extends CapabilityInput | AgentInput>(definition: T, adopted: Map<string, string>): T {
  const references = definition.mcp_servers as Record<string, ReferenceValue>;
  const mcpServers = Object.fromEntries(Object.entries(references).map(([alias, value]) => [alias, adopted.get(alias) ?? value]));
  return { ...definition, mcp_servers: mcpServers };
}

