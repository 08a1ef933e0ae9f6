import { getDb } from "../db";

/**
 * The `Alert` table: what PATCHBAY_ALERT_WEBHOOK is owed, kept in the database so that an alert outlives the process
 * that raised it, and briefings as a change feed that every instance's event stream reads (DESIGN §19).
 */
export type StoredAlert = { id: number; type: string; payload: string; attempts: number };

/** Pending alerts beyond this many are dropped, oldest first. */
export const MAX_PENDING_ALERTS = 1_000;
/** Rows no longer pending (delivered, given up, or never owed to a webhook) are kept this long, then deleted. */
const KEPT_MS = 60 * 60 * 1_000;

/** Records an alert; `pending` when a webhook is to receive it. Answers how many pending ones were dropped to make room. */
export async function storeAlert(type: string, payload: string, pending: boolean): Promise<number> {
  const db = getDb();
  const now = new Date();
  await db.alert.create({ data: { type, payload, pending, createdAt: now } });
  await db.alert.deleteMany({ where: { pending: false, createdAt: { lt: new Date(now.getTime() - KEPT_MS) } } });
  if (!pending) return 0;

  const oldestKept = await db.alert.findFirst({ where: { pending: true }, orderBy: { id: "desc" }, skip: MAX_PENDING_ALERTS - 1, select: { id: true } });
  if (!oldestKept) return 0;
  const dropped = await db.alert.updateMany({ where: { pending: true, id: { lt: oldestKept.id } }, data: { pending: false } });
  return dropped.count;
}

/** The oldest alert still owed to the webhook: they leave one at a time, in the order they happened. */
export async function oldestPendingAlert(): Promise<StoredAlert | null> {
  return getDb().alert.findFirst({
    where: { pending: true }, orderBy: { id: "asc" }, select: { id: true, type: true, payload: true, attempts: true },
  });
}

/** Counts one more try at delivering alert `id`, before it is made. */
export async function countAlertAttempt(id: number): Promise<void> {
  await getDb().alert.updateMany({ where: { id }, data: { attempts: { increment: 1 } } });
}

/** Alert `id` was delivered or given up: it is owed no more. */
export async function settleAlert(id: number): Promise<void> {
  await getDb().alert.updateMany({ where: { id }, data: { pending: false } });
}

/** Briefings with an id above `afterId`, oldest first: the feed the event streams of every instance read. */
export async function listBriefingsAfter(afterId: number, limit: number): Promise<{ id: number; payload: string }[]> {
  return getDb().alert.findMany({
    where: { type: "briefing", id: { gt: afterId } }, orderBy: { id: "asc" }, take: limit, select: { id: true, payload: true },
  });
}

export async function lastAlertId(): Promise<number> {
  const row = await getDb().alert.findFirst({ orderBy: { id: "desc" }, select: { id: true } });
  return row?.id ?? 0;
}
