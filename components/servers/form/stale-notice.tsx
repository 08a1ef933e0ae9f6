"use client";

import { useState } from "react";
import { useFormContext } from "react-hook-form";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { DiffView } from "@/components/ui/diff-view";
import { TimeStamp } from "@/components/ui/time-stamp";
import { diffJson } from "@/lib/diff/line-diff";
import { toServerInput } from "@/lib/forms/server-form-input";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import type { StoredServer } from "@/lib/query/types";

type StaleNoticeProps = { newer: StoredServer; openedAt: number; onReapply: () => void; onDiscard: () => void };

/** After a 412: nothing is lost; review what changed, then save yours over it or take theirs. */
export function StaleNotice({ newer, openedAt, onReapply, onDiscard }: StaleNoticeProps) {
  const [isReviewing, setIsReviewing] = useState(false);
  const { getValues } = useFormContext<ServerFormValues>();
  const { created_at: _c, modified_at: _m, revision: _r, ...theirs } = newer;

  return (
    <Alert tone="warning" isUrgent title="This server changed since you opened it" className="mb-6">
      <p>
        You opened revision {openedAt}; revision {newer.revision} was saved <TimeStamp iso={newer.modified_at} />.
        Your changes are still in the form and have not been saved.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={() => setIsReviewing(true)}>Review the differences</Button>
        <Button size="sm" variant="primary" onClick={onReapply}>Save mine over revision {newer.revision}</Button>
        <Button size="sm" variant="ghost" onClick={onDiscard}>Discard mine, load revision {newer.revision}</Button>
      </div>
      <Dialog open={isReviewing} onClose={() => setIsReviewing(false)} size="lg" title={`Revision ${newer.revision} (−) against your version (+)`}
        actions={<Button onClick={() => setIsReviewing(false)}>Close</Button>}>
        {isReviewing && <DiffView lines={diffJson(theirs, toServerInput(getValues()).input)} label="Current version against yours" />}
      </Dialog>
    </Alert>
  );
}
