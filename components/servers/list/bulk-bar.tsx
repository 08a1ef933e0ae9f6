"use client";

import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useBulkServerAction, type BulkAction, type BulkOutcome } from "@/lib/query/bulk-servers";
import { labelSchema } from "@/lib/schemas/common";
import { BulkOutcomeReport } from "./bulk-outcome";

type Report = { action: BulkAction; outcomes: BulkOutcome[] };

/**
 * Editors' actions on the servers selected on this page: add a tag, re-check health, delete (after a confirm that
 * lists them; a server still referenced is not deleted, and the report says by whom). Each runs server by server
 * through the usual endpoints, and the report says what became of each.
 */
export function BulkBar({ names, onClear, onDeleted }: { names: string[]; onClear: () => void; onDeleted: (names: string[]) => void }) {
  const bulk = useBulkServerAction();
  const [report, setReport] = useState<Report | null>(null);
  const [dialog, setDialog] = useState<"tag" | "delete" | null>(null);

  if (names.length === 0 && !report && !bulk.isPending) return null;

  function run(action: BulkAction) {
    setDialog(null);
    setReport(null);
    bulk.mutate({ action, names }, {
      onSuccess: (outcomes) => {
        setReport({ action, outcomes });
        if (action.kind === "delete") onDeleted(outcomes.filter((outcome) => outcome.isDone).map((outcome) => outcome.name));
      },
    });
  }

  const count = `${names.length} server${names.length === 1 ? "" : "s"}`;
  return (
    <section aria-label="Bulk actions" className="mb-3 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm dark:border-indigo-800 dark:bg-indigo-950">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium" data-testid="selected-count">{names.length} selected</p>
        <Button size="sm" onClick={() => setDialog("tag")} disabled={names.length === 0 || bulk.isPending}>Add tag…</Button>
        <Button size="sm" onClick={() => run({ kind: "recheck" })} disabled={names.length === 0 || bulk.isPending}>Re-check health</Button>
        <Button size="sm" variant="danger" onClick={() => setDialog("delete")} disabled={names.length === 0 || bulk.isPending}>Delete…</Button>
        <Button size="sm" variant="ghost" onClick={() => { setReport(null); onClear(); }}>Clear selection</Button>
      </div>
      <div role="status" aria-live="polite" className="mt-1">
        {bulk.isPending ? `Working on ${count}…` : report && <BulkOutcomeReport {...report} />}
      </div>
      {bulk.isError && <Alert tone="danger" isUrgent className="mt-2">{bulk.error.message}</Alert>}
      <AddTagDialog open={dialog === "tag"} count={count} onClose={() => setDialog(null)} onAdd={(tag) => run({ kind: "tag", tag })} />
      <Dialog open={dialog === "delete"} onClose={() => setDialog(null)} title={`Delete ${count}?`} actions={
        <>
          <Button onClick={() => setDialog(null)}>Cancel</Button>
          <Button variant="danger" onClick={() => run({ kind: "delete" })}>Delete {count}</Button>
        </>
      }>
        <ul aria-label="Servers to delete" className="list-disc pl-5">{names.map((name) => <li key={name}>{name}</li>)}</ul>
        <p className="mt-2 text-slate-600 dark:text-slate-400">A server a capability or an agent still uses is not deleted; the report names who uses it.</p>
      </Dialog>
    </section>
  );
}

function AddTagDialog({ open, count, onClose, onAdd }: { open: boolean; count: string; onClose: () => void; onAdd: (tag: string) => void }) {
  const [tag, setTag] = useState("");
  const [error, setError] = useState<string | undefined>();

  function submit() {
    const parsed = labelSchema.safeParse(tag.trim());
    if (!parsed.success) {
      setError(`The tag ${parsed.error.issues[0].message}`);
      return;
    }
    setTag("");
    setError(undefined);
    onAdd(parsed.data);
  }

  return (
    <Dialog open={open} onClose={onClose} title={`Add a tag to ${count}`} actions={
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" onClick={submit}>Add tag</Button>
      </>
    }>
      <Field id="bulk-tag" label="Tag" error={error}>
        {(props) => <Input {...props} value={tag} onChange={(event) => setTag(event.target.value)} autoComplete="off"
          onKeyDown={(event) => { if (event.key === "Enter") { event.preventDefault(); submit(); } }} />}
      </Field>
    </Dialog>
  );
}
