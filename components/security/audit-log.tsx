"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { TimeStamp } from "@/components/ui/time-stamp";
import { auditQuery, type AuditEntry, type AuditFilters } from "@/lib/query/audit";

const ENTITY_PATHS: Record<AuditEntry["entity_type"], string> = { server: "/mcp-servers", capability: "/capabilities", agent: "/agents" };

/** Recent changes across servers, capabilities and agents, filtered by kind, action, actor or name. */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [pages, setPages] = useState<number[]>([]);
  const audit = useQuery(auditQuery({ ...filters, before: pages.at(-1) }));
  const update = (patch: AuditFilters) => { setFilters((current) => ({ ...current, ...patch })); setPages([]); };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-4">
        <Field id="audit-kind" label="Kind">
          {(control) => (
            <Select {...control} value={filters.entity_type ?? ""} onChange={(event) => update({ entity_type: event.target.value || undefined })}>
              <option value="">All</option><option value="server">Servers</option><option value="capability">Capabilities</option><option value="agent">Agents</option>
            </Select>
          )}
        </Field>
        <Field id="audit-action" label="Action">
          {(control) => (
            <Select {...control} value={filters.action ?? ""} onChange={(event) => update({ action: event.target.value || undefined })}>
              <option value="">All</option>
              {["create", "update", "restore", "delete", "import"].map((action) => <option key={action} value={action}>{action}</option>)}
            </Select>
          )}
        </Field>
        <Field id="audit-actor" label="Actor">
          {(control) => <Input {...control} value={filters.actor ?? ""} onChange={(event) => update({ actor: event.target.value || undefined })} />}
        </Field>
        <Field id="audit-name" label="Name">
          {(control) => <Input {...control} value={filters.name ?? ""} onChange={(event) => update({ name: event.target.value || undefined })} />}
        </Field>
      </div>
      {audit.isError && <Alert tone="danger" title="The audit log could not be loaded">{audit.error.message}</Alert>}
      <div aria-live="polite" className="overflow-x-auto">
        {audit.data && audit.data.entries.length === 0 && <p>No changes match these filters.</p>}
        {audit.data && audit.data.entries.length > 0 && <AuditTable entries={audit.data.entries} />}
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={pages.length === 0} onClick={() => setPages((current) => current.slice(0, -1))}>Newer</Button>
        <Button size="sm" disabled={!audit.data?.next_before}
          onClick={() => audit.data?.next_before && setPages((current) => [...current, audit.data!.next_before!])}>Older</Button>
      </div>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Recent changes</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr><th scope="col" className="py-2 pr-3">When</th><th scope="col" className="pr-3">Who</th><th scope="col" className="pr-3">Action</th><th scope="col" className="pr-3">What</th><th scope="col">Revision</th></tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="border-t border-slate-200 dark:border-slate-800">
            <td className="py-2 pr-3 whitespace-nowrap"><TimeStamp iso={entry.at} /></td>
            <td className="pr-3">{entry.actor}</td>
            <td className="pr-3">{entry.action}</td>
            <td className="pr-3">
              {entry.entity_type}{" "}
              {entry.action === "delete" ? entry.name : <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" href={`${ENTITY_PATHS[entry.entity_type]}/${entry.name}`}>{entry.name}</Link>}
            </td>
            <td>{entry.revision}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
