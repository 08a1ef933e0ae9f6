import type { Tx } from "../db";
import { UnresolvableError, type FieldError } from "../errors";
import { parseReferences } from "../resolve/references";
import type { McpServerReferences } from "../schemas/reference";
import type { DocumentKind } from "./document-table";

/** One outgoing reference of a capability or agent: a Reference row, plus where it sits in the definition. */
export type ReferenceTarget = { alias: string; targetType: "server" | "capability"; targetName: string; path: string };

/** Registry servers named by `mcp_servers`; inline configs name none. */
export function serverTargetsOf(mcpServers: McpServerReferences | undefined): ReferenceTarget[] {
  return parseReferences(mcpServers).flatMap((reference) =>
    reference.kind === "server"
      ? [{ alias: reference.alias, targetType: "server" as const, targetName: reference.server, path: reference.serverPath }]
      : [],
  );
}

export function capabilityTargetsOf(capabilities: string[] | undefined): ReferenceTarget[] {
  return (capabilities ?? []).map((name, index) => ({ alias: name, targetType: "capability", targetName: name, path: `/capabilities/${index}` }));
}

/** 422 naming every reference to a server or capability that does not exist, by its path in the definition. */
export async function assertTargetsExist(tx: Tx, owner: string, targets: ReferenceTarget[]): Promise<void> {
  const names = (type: ReferenceTarget["targetType"]) => [...new Set(targets.filter((t) => t.targetType === type).map((t) => t.targetName))];
  const serverNames = names("server");
  const capabilityNames = names("capability");
  const [servers, capabilities] = await Promise.all([
    serverNames.length ? tx.server.findMany({ where: { name: { in: serverNames } }, select: { name: true } }) : [],
    capabilityNames.length ? tx.capability.findMany({ where: { name: { in: capabilityNames } }, select: { name: true } }) : [],
  ]);
  const existing = { server: new Set(servers.map((row) => row.name)), capability: new Set(capabilities.map((row) => row.name)) };

  const errors: FieldError[] = targets
    .filter((target) => !existing[target.targetType].has(target.targetName))
    .map((target) => ({
      path: target.path,
      message: `${target.targetType === "server" ? "MCP server" : "capability"} '${target.targetName}' does not exist`,
    }));
  if (errors.length === 0) return;
  const unknown = errors.map((error) => error.message.replace(/ does not exist$/, ""));
  throw new UnresolvableError(`${owner} references unknown ${unknown.join(", ")}.`, errors);
}

/** Keeps the Reference rows in step with a definition: called in the transaction that writes it. */
export async function replaceReferences(tx: Tx, ownerType: DocumentKind, ownerNames: { from?: string; to?: string }, targets: ReferenceTarget[]) {
  if (ownerNames.from) await tx.reference.deleteMany({ where: { ownerType, ownerName: ownerNames.from } });
  if (!ownerNames.to || targets.length === 0) return;
  await tx.reference.createMany({
    data: targets.map(({ alias, targetType, targetName }) => ({ ownerType, ownerName: ownerNames.to!, alias, targetType, targetName })),
  });
}
