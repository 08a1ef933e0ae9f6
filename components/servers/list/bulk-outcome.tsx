import type { BulkAction, BulkOutcome } from "@/lib/query/bulk-servers";

const DONE: Record<BulkAction["kind"], string> = { recheck: "re-checked", tag: "tagged", delete: "deleted" };
const NOT_DONE: Record<BulkAction["kind"], string> = { recheck: "not re-checked", tag: "not tagged", delete: "not deleted" };

/** What a bulk action did, server by server: "3 re-checked", "1 not deleted: x used by agent y". */
export function BulkOutcomeReport({ action, outcomes }: { action: BulkAction; outcomes: BulkOutcome[] }) {
  const done = outcomes.filter((outcome) => outcome.isDone);
  const failed = outcomes.filter((outcome) => !outcome.isDone);
  const tagged = action.kind === "tag" ? ` “${action.tag}”` : "";
  return (
    <div data-testid="bulk-outcome">
      <p className="font-medium">
        {[done.length > 0 && `${done.length} ${DONE[action.kind]}${tagged}`, failed.length > 0 && `${failed.length} ${NOT_DONE[action.kind]}`]
          .filter(Boolean).join(", ")}
      </p>
      <ul className="mt-1 list-disc pl-5">
        {failed.map((outcome) => <li key={outcome.name}>{outcome.name}: {outcome.detail}</li>)}
        {done.filter((outcome) => outcome.detail).map((outcome) => <li key={outcome.name}>{outcome.name}: {outcome.detail}</li>)}
      </ul>
    </div>
  );
}
