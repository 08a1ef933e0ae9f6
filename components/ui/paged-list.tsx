"use client";

import { useState, type ReactNode } from "react";

import { Alert } from "./alert";
import { Button } from "./button";
import { Field } from "./field";
import { Input } from "./input";
import { Select } from "./select";

/** A filtered list read a page at a time: its filters, and the cursors of the pages walked so far. */
export function usePagedFilters<F extends object>(initial: F = {} as F) {
  const [filters, setFilters] = useState<F>(initial);
  const [pages, setPages] = useState<string[]>([]);
  return {
    filters,
    /** The page the list shows: the first has no cursor. */
    cursor: pages.at(-1),
    isFirstPage: pages.length === 0,
    /** A changed filter starts again from the first page. */
    update: (patch: F) => { setFilters((current) => ({ ...current, ...patch })); setPages([]); },
    back: () => setPages((current) => current.slice(0, -1)),
    forward: (cursor: string) => setPages((current) => [...current, cursor]),
  };
}

type Paging = Pick<ReturnType<typeof usePagedFilters>, "isFirstPage" | "back" | "forward">;

/** A filtered list's page: its row of filters, the list, and the pager under it. */
export function FilteredPages({ filters, paging, next, labels, children }: {
  filters: ReactNode; paging: Paging; next: string | null | undefined; labels: [back: string, forward: string]; children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-4">{filters}</div>
      {children}
      <Pager paging={paging} next={next} labels={labels} />
    </div>
  );
}

/** Back to the page before, on to `next` (none on the last page). */
export function Pager({ paging, next, labels }: { paging: Paging; next: string | null | undefined; labels: [back: string, forward: string] }) {
  return (
    <div className="flex gap-2">
      <Button size="sm" disabled={paging.isFirstPage} onClick={paging.back}>{labels[0]}</Button>
      <Button size="sm" disabled={!next} onClick={() => next && paging.forward(next)}>{labels[1]}</Button>
    </div>
  );
}

/** A text filter; empty is no filter. */
export function FilterInput({ id, label, value, onChange, type }: { id: string; label: string; value: string | undefined; onChange: (value: string | undefined) => void; type?: "search" }) {
  return (
    <Field id={id} label={label}>
      {(control) => <Input {...control} type={type} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)} />}
    </Field>
  );
}

/** A choice filter; `any` is the first option, which is no filter. */
export function FilterSelect({ id, label, value, onChange, any, options }: {
  id: string; label: string; value: string | undefined; onChange: (value: string | undefined) => void; any: string; options: readonly (readonly [value: string, label: string])[];
}) {
  return (
    <Field id={id} label={label}>
      {(control) => (
        <Select {...control} value={value ?? ""} onChange={(event) => onChange(event.target.value || undefined)}>
          <option value="">{any}</option>
          {options.map(([option, text]) => <option key={option} value={option}>{text}</option>)}
        </Select>
      )}
    </Field>
  );
}

/**
 * Where a list's answer shows, announced as it changes: the error when it could not be read, `empty` when it
 * has no entries, else the entries.
 */
export function ListRegion({ label, error, errorTitle, isEmpty, empty, scrolls, children }: {
  label: string; error: Error | null; errorTitle: string; isEmpty: boolean; empty: ReactNode; scrolls?: boolean; children: ReactNode;
}) {
  return (
    <>
      {error && <Alert tone="danger" title={errorTitle}>{error.message}</Alert>}
      {/* A region that scrolls sideways takes focus, so a keyboard can scroll it. */}
      <div role="region" aria-label={label} aria-live="polite" {...(scrolls ? { tabIndex: 0, className: "overflow-x-auto" } : {})}>
        {isEmpty ? <p>{empty}</p> : children}
      </div>
    </>
  );
}
