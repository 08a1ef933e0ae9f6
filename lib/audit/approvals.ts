import { randomUUID } from "node:crypto";

import { getDb } from "../db";
import { getConfig } from "../env";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "../errors";
import type { Prisma } from "../generated/prisma/client";
import type { ResolvedConfig } from "../resolve/types";
import { APPROVAL_PRIORITIES, denyBodySchema, type Approval, type ApprovalListQuery, type ApprovalState, type DenyBody } from "../schemas/approvals";
import { zodFieldErrors } from "../schemas/field-errors";
import { isSecretKey, MASK } from "../schemas/secrets";
import { isPlainObject } from "../schemas/server-fields";
import { pinCurrentToolset } from "../tools/tool-pins";

/** Who asks for drift approvals: the registry itself, so any editor may decide them. */
export const SYSTEM_REQUESTER: Requester = { name: "patchbay", key: "system" };

type ApprovalRow = Prisma.ApprovalGetPayload<object>;
/** Who asks or decides: the name shown, and the identity a request is bound to (lib/auth/principal.ts `principalKey`). */
export type Requester = { name: string; key: string };

export type ToolCall = {
  requestedBy: Requester; server: string; environment: string; tool: string; arguments: Record<string, unknown>; argumentsHash: string; context: Record<string, unknown>;
  /**
   * Where the call would go (DESIGN §14): a digest of the JCS of the resolved upstream config in clear, keyed so that
   * no one can test a guess of the config's secrets against it (lib/gateway/policy-gate.ts destinationBinding). It
   * binds the approval and never leaves the database.
   */
  destinationHash: string;
  /** That config as approvers see it, secrets masked. */
  destination: ResolvedConfig;
  /** The governing policy entry's notes: the conditions the approver is asked to judge. */
  conditions?: readonly string[];
};

/** The longest `context.rationale` kept on a request. */
const RATIONALE_MAX = 2_000;

const ttlMs = () => getConfig().PATCHBAY_APPROVAL_TTL_S * 1000;

/**
 * A call that needs approval (DESIGN §11, §14): the approved, unexpired, unused approval of this very call (same
 * caller — by identity, not by name: another token of the same name is another caller —, server, environment, tool, arguments hash and destination hash — a context that resolves the server to
 * another URL, header or command is another request) is consumed — once, even under concurrent calls — and the call may
 * run; otherwise the open request for it is returned, or a new one is made.
 */
export async function gateToolCall(call: ToolCall): Promise<{ run: true } | { run: false; approval: Approval }> {
  const now = new Date();
  const same = { kind: "tool_call", requesterKey: call.requestedBy.key, serverName: call.server, environment: call.environment, tool: call.tool, argumentsHash: call.argumentsHash, destinationHash: call.destinationHash };
  const approved = await getDb().approval.findMany({ where: { ...same, state: "approved", consumedAt: null, expiresAt: { gt: now } }, select: { id: true } });
  for (const { id } of approved) {
    const consumed = await getDb().approval.updateMany({ where: { id, consumedAt: null }, data: { consumedAt: now } });
    if (consumed.count === 1) return { run: true };
  }
  const open = await getDb().approval.findFirst({ where: { ...same, state: "awaiting_approval", expiresAt: { gt: now } }, orderBy: { requestedAt: "desc" } });
  if (open) return { run: false, approval: toApproval(open, now) };
  const created = await getDb().approval.create({
    data: {
      id: randomUUID(), ...same, requestedBy: call.requestedBy.name, arguments: JSON.stringify(maskArguments(call.arguments)), context: JSON.stringify(call.context),
      destination: JSON.stringify(call.destination), ...askedFor(call),
      requestedAt: now, state: "awaiting_approval", expiresAt: new Date(now.getTime() + ttlMs()),
    },
  });
  return { run: false, approval: toApproval(created, now) };
}

/**
 * What the request says besides the call (seed 002's APPROVAL_REQUEST): the caller's `context.rationale` (a string,
 * cut at RATIONALE_MAX) and `context.priority` (kept when one of APPROVAL_PRIORITIES — the context is the caller's
 * own JSON, which allowed_when may read for other things), and the policy's conditions.
 */
function askedFor(call: ToolCall): { rationale: string | null; priority: string | null; conditions: string | null } {
  const { rationale, priority } = call.context;
  return {
    rationale: typeof rationale === "string" && rationale.trim() !== "" ? rationale.slice(0, RATIONALE_MAX) : null,
    priority: APPROVAL_PRIORITIES.find((known) => known === priority) ?? null,
    conditions: call.conditions && call.conditions.length > 0 ? JSON.stringify(call.conditions) : null,
  };
}

/** GET /api/approvals/:id: one request, as the list shows it. */
export async function getApproval(id: string): Promise<Approval> {
  const row = await getDb().approval.findUnique({ where: { id } });
  if (!row) throw new NotFoundError(`Approval '${id}' does not exist.`);
  return toApproval(row, new Date());
}

/** `on_drift: require_approval`: one request per drifted toolset, which approving pins. */
export async function requestDriftApproval(server: string, environment: string, toolsetFingerprint: string): Promise<void> {
  const now = new Date();
  await getDb().approval.create({
    data: {
      id: randomUUID(), kind: "drift", serverName: server, environment, toolsetFingerprint, requestedBy: SYSTEM_REQUESTER.name, requesterKey: SYSTEM_REQUESTER.key,
      requestedAt: now, state: "awaiting_approval", expiresAt: new Date(now.getTime() + ttlMs()),
    },
  });
}

/** GET /api/approvals?state=: newest request first, a page at a time; `expired` is read from the expiry. */
export async function listApprovals(query: ApprovalListQuery): Promise<{ approvals: Approval[]; next_cursor: string | null }> {
  const now = new Date();
  const after = query.cursor ? decodeApprovalCursor(query.cursor) : undefined;
  const where: Prisma.ApprovalWhereInput = { AND: [query.state ? stateFilter(query.state, now) : {}, after ? afterCursor(after) : {}] };
  const rows = await getDb().approval.findMany({ where, orderBy: [{ requestedAt: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { approvals: page.map((row) => toApproval(row, now)), next_cursor: rows.length > query.limit && last ? encodeApprovalCursor(last) : null };
}

/**
 * POST /api/approvals/:id/approve | deny: only an open request, only by someone other than its requester (403: neither
 * the same identity nor, so that the audit never reads as a self-approval, the same name), in one
 * transaction with its audit entry. Approving a call opens its TTL to run; approving drift pins that toolset. A deny
 * may give its `reason`, kept on the request and in the audit entry.
 */
export async function decideApproval(id: string, decision: "approve" | "deny", decider: Requester, reason?: string): Promise<Approval> {
  const actor = decider.name;
  return getDb().$transaction(async (tx) => {
    const now = new Date();
    const row = await tx.approval.findUnique({ where: { id } });
    if (!row) throw new NotFoundError(`Approval '${id}' does not exist.`);
    if (row.requesterKey === decider.key || row.requestedBy === actor) throw new ForbiddenError(`Approval '${id}' was requested by '${row.requestedBy}': someone else must decide it.`);
    const state = stateOf(row, now);
    if (state !== "awaiting_approval") throw new ConflictError(`Approval '${id}' is ${state}; only a request awaiting approval can be decided.`, { state });

    const approve = decision === "approve";
    const updated = await tx.approval.update({
      where: { id },
      data: {
        state: approve ? "approved" : "denied", decidedBy: actor, decidedAt: now, ...(!approve && reason !== undefined && { reason }),
        ...(approve && row.kind === "tool_call" && { expiresAt: new Date(now.getTime() + ttlMs()) }),
      },
    });
    if (approve && row.kind === "drift") {
      const server = await tx.server.findUnique({ where: { name: row.serverName }, select: { id: true } });
      if (!server) throw new ConflictError(`MCP server '${row.serverName}' no longer exists.`);
      await pinCurrentToolset(tx, { serverId: server.id, name: row.serverName, environment: row.environment, actor, via: "approval", expected: row.toolsetFingerprint ?? undefined });
    }
    await tx.auditEvent.create({
      data: {
        at: now, actor, action: approve ? "approval.approve" : "approval.deny", entityType: "approval", entityName: row.serverName,
        detail: JSON.stringify({ approval_id: id, kind: row.kind, environment: row.environment, tool: row.tool, requested_by: row.requestedBy, ...(!approve && reason !== undefined && { reason }) }),
      },
    });
    return toApproval(updated, now);
  });
}

/** POST …/deny's body: empty gives no reason, else JSON `{"reason"}`; anything else is a 400 naming the field. */
export function parseDenyBody(text: string): DenyBody {
  if (text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidInputError("The body is not valid JSON.", [{ path: "", message: "is not valid JSON" }]);
  }
  const parsed = denyBodySchema.safeParse(value);
  if (!parsed.success) throw new InvalidInputError("The deny body is not valid.", zodFieldErrors(parsed.error));
  return parsed.data;
}

function stateOf(row: Pick<ApprovalRow, "state" | "expiresAt" | "consumedAt">, now: Date): ApprovalState {
  const lapsed = row.expiresAt.getTime() <= now.getTime();
  if (row.state === "awaiting_approval") return lapsed ? "expired" : "awaiting_approval";
  if (row.state === "approved") return lapsed && !row.consumedAt ? "expired" : "approved";
  return "denied";
}

function stateFilter(state: ApprovalState, now: Date): Prisma.ApprovalWhereInput {
  switch (state) {
    case "awaiting_approval": return { state, expiresAt: { gt: now } };
    case "approved": return { state, OR: [{ consumedAt: { not: null } }, { expiresAt: { gt: now } }] };
    case "denied": return { state };
    case "expired": return { OR: [{ state: "awaiting_approval", expiresAt: { lte: now } }, { state: "approved", consumedAt: null, expiresAt: { lte: now } }] };
  }
}

function toApproval(row: ApprovalRow, now: Date): Approval {
  const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as Record<string, unknown>));
  return {
    id: row.id, kind: row.kind as Approval["kind"], server: row.serverName, environment: row.environment, tool: row.tool,
    arguments: parse(row.arguments), arguments_hash: row.argumentsHash, context: parse(row.context),
    destination: parse(row.destination) as Approval["destination"], toolset_fingerprint: row.toolsetFingerprint,
    requested_by: row.requestedBy, requested_at: row.requestedAt.toISOString(), state: stateOf(row, now),
    decided_by: row.decidedBy, decided_at: row.decidedAt?.toISOString() ?? null, expires_at: row.expiresAt.toISOString(),
    consumed_at: row.consumedAt?.toISOString() ?? null,
    rationale: row.rationale, priority: APPROVAL_PRIORITIES.find((known) => known === row.priority) ?? null,
    conditions: row.conditions === null ? [] : (JSON.parse(row.conditions) as string[]), reason: row.reason,
  };
}

/** Values under secret-looking keys (`password`, `token`, `api_key` …) are shown as `••••`, at any depth. */
export function maskArguments(value: Record<string, unknown>): Record<string, unknown> {
  const mask = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(mask);
    if (!isPlainObject(item)) return item;
    return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, isSecretKey(key) && !isPlainObject(inner) && !Array.isArray(inner) ? MASK : mask(inner)]));
  };
  return mask(value) as Record<string, unknown>;
}

type Cursor = { at: Date; id: string };

function afterCursor(after: Cursor): Prisma.ApprovalWhereInput {
  return { OR: [{ requestedAt: { lt: after.at } }, { requestedAt: after.at, id: { lt: after.id } }] };
}

function encodeApprovalCursor(row: { requestedAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.requestedAt.toISOString(), row.id]), "utf8").toString("base64url");
}

function decodeApprovalCursor(text: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "string" && typeof id === "string" && !Number.isNaN(Date.parse(at))) return { at: new Date(at), id };
  } catch {
    // fall through to the one answer for any cursor not given out here
  }
  throw new InvalidInputError("The cursor is not one this server gave out.", [{ path: "/cursor", message: "is invalid" }]);
}
