import { getDb } from "../db";

/**
 * Where the approvals stand, as one string: it changes whenever any instance adds an approval request, decides
 * one or consumes one (or one is deleted with its server) — what the event stream tells inboxes to re-read.
 */
export async function approvalsStamp(): Promise<string> {
  const { _count, _max } = await getDb().approval.aggregate({ _count: { _all: true }, _max: { requestedAt: true, decidedAt: true, consumedAt: true } });
  return [_count._all, _max.requestedAt?.getTime(), _max.decidedAt?.getTime(), _max.consumedAt?.getTime()].join("|");
}
