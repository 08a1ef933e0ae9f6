"use client";

import { useId, useState } from "react";

import { Badge } from "@/components/ui/badge";
import { RequiresRole } from "@/components/roles/requires-role";
import { Button } from "@/components/ui/button";
import { TimeStamp } from "@/components/ui/time-stamp";
import type { RevisionTarget } from "@/lib/query/revisions";
import type { RevisionSummary } from "@/lib/query/types";
import { RevisionDiff } from "./revision-diff";

type RevisionItemProps = { target: RevisionTarget; revision: RevisionSummary; isCurrent: boolean; onRestore: (revision: number) => void };

export function RevisionItem({ target, revision, isCurrent, onRestore }: RevisionItemProps) {
  const [isOpen, setIsOpen] = useState(false);
  const diffId = useId();
  const previous = revision.revision > 1 ? revision.revision - 1 : undefined;

  return (
    <li className="border-b border-slate-100 py-3 last:border-0 dark:border-slate-900">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="font-medium">Revision {revision.revision}</span>
        <Badge tone={revision.action === "restore" ? "warning" : "neutral"}>{revision.action}</Badge>
        {isCurrent && <Badge tone="success">current</Badge>}
        <span className="text-sm text-slate-600 dark:text-slate-400">
          by {revision.actor}, <TimeStamp iso={revision.at} />
        </span>
        <span className="ml-auto flex gap-2">
          <Button size="sm" variant="ghost" aria-expanded={isOpen} aria-controls={diffId} onClick={() => setIsOpen(!isOpen)}>
            {isOpen ? "Hide changes" : "Show changes"}
          </Button>
          {!isCurrent && <RequiresRole role="editor"><Button size="sm" onClick={() => onRestore(revision.revision)}>Restore…</Button></RequiresRole>}
        </span>
      </div>
      <div id={diffId} hidden={!isOpen} className="mt-2">
        {isOpen && <RevisionDiff target={target} from={previous} to={revision.revision} label={`Changes in revision ${revision.revision}`} />}
      </div>
    </li>
  );
}
