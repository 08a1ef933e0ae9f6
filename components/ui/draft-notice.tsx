import { Alert } from "./alert";
import { Button } from "./button";
import { TimeStamp } from "./time-stamp";

type DraftNoticeProps = { savedAt: string; note?: string; onDiscard: () => void; action?: { label: string; onClick: () => void } };

/** Says that the form shows a draft kept in this browser, not what is stored, and offers to drop it. */
export function DraftNotice({ savedAt, note, onDiscard, action }: DraftNoticeProps) {
  return (
    <Alert tone="info" title="Draft restored" className="mb-6">
      <div role="status" className="flex flex-wrap items-center gap-3">
        <p>
          Your unsaved changes from <TimeStamp iso={savedAt} /> are back in the form.{note ? ` ${note}` : ""}
        </p>
        {action && <Button size="sm" onClick={action.onClick}>{action.label}</Button>}
        <Button size="sm" onClick={onDiscard}>Discard draft</Button>
      </div>
    </Alert>
  );
}
