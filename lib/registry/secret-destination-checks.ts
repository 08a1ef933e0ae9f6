import type { Tx } from "../db";
import { SecretDestinationChangedError } from "../errors";
import { secretsMovedByParameters, substitutedSecretsMoved } from "../resolve/parameter-destinations";
import { parseReferences } from "../resolve/references";
import { resolveServer } from "../resolve/resolve-server";
import type { ResolveContext } from "../resolve/types";
import type { McpServerReferences } from "../schemas/reference";
import type { ServerInput } from "../schemas/server";
import { loadResolveContext } from "../variables/resolve-context";
import { listKnownEnvironments } from "./known-environments";
import { definitionOf } from "./server-record";

/**
 * DESIGN §14 for the `parameters` of a capability's or agent's references, written by someone who may not read
 * secrets (an editor): a reference whose parameters would connect its server, in any known environment, to another
 * destination than the server's own parameters do while it carries the server's secrets (for `{"provides": …}`, any
 * server that provides it) → 409
 * `secret-destination-changed`, naming `mcp_servers.<alias>.<key>`; nothing is written. Every runner's blueprint
 * and gateway call follows those parameters, so this is where they are judged.
 */
export async function assertReferencedSecretsStay(tx: Tx, owner: string, mcpServers: McpServerReferences | undefined): Promise<void> {
  const parameterised = parseReferences(mcpServers).flatMap((reference) =>
    reference.kind !== "inline" && reference.parameters && Object.keys(reference.parameters).length > 0 ? [{ ...reference, parameters: reference.parameters }] : []);
  if (parameterised.length === 0) return;
  // A `{"provides": …}` reference may be bound to any server that provides it.
  const named = parameterised.flatMap((reference) => (reference.kind === "server" ? [reference.server] : []));
  const labels = parameterised.flatMap((reference) => (reference.kind === "provides" ? [reference.provides] : []));
  const rows = await tx.server.findMany({
    where: { OR: [{ name: { in: named } }, { provides: { some: { value: { in: labels } } } }] },
    select: { name: true, definition: true },
  });
  const servers = rows.map(definitionOf);
  const candidates = (reference: (typeof parameterised)[number]) => (reference.kind === "server"
    ? servers.filter((server) => server.name === reference.server) // an unknown server is assertTargetsExist's 422
    : servers.filter((server) => server.provides?.includes(reference.provides)));

  const moved = new Set<string>();
  for (const ctx of await knownContexts()) {
    for (const reference of parameterised) {
      for (const server of candidates(reference)) {
        const keys = secretsMovedByParameters(server, ctx, resolveServer(server, ctx, { reference: reference.parameters }));
        for (const key of keys) moved.add(`mcp_servers.${reference.alias}.${key}`);
      }
    }
  }
  if (moved.size === 0) return;
  const keys = [...moved];
  throw new SecretDestinationChangedError(keys,
    `${owner}'s reference parameters would connect an MCP server to another destination than its own parameters do while sending its secrets (${keys.join(", ")}); only someone who may read secrets (admin) may write such parameters. Nothing was written.`);
}

/**
 * DESIGN §10, §14 for a write of a server by someone who may not read secrets: a new URL origin or command line —
 * written, or through a default or `health_parameters` — that the server's `${VAR}` secrets would follow, in any
 * known environment → 409 `secret-destination-changed` naming the keys; nothing is written. (Its literal secrets are
 * the write rule's, movedLiteralSecrets.)
 */
export async function assertServerSecretsStay(current: ServerInput, next: ServerInput): Promise<void> {
  const moved = new Set<string>();
  for (const ctx of await knownContexts()) {
    for (const key of substitutedSecretsMoved(current, next, ctx)) moved.add(key);
  }
  if (moved.size === 0) return;
  const keys = [...moved];
  throw new SecretDestinationChangedError(keys,
    `This write changes where MCP server '${current.name}' connects while its secrets would follow (${keys.join(", ")}); only someone who may read secrets (admin) may move them. Nothing was written.`);
}

/** Resolution contexts, unmasked, for every known environment: a secret may be bound in any of them. */
async function knownContexts(): Promise<ResolveContext[]> {
  return Promise.all((await listKnownEnvironments()).map((environment) => loadResolveContext(environment, { mask: false })));
}
