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

// A toolset pin and an approval decision are recorded under the server they concern.
const ENTITY_PATHS: Partial<Record<AuditEntry["entity_type"], string>> = { server: "/mcp-servers", toolset: "/mcp-servers", approval: "/mcp-servers", capability: "/capabilities", agent: "/agents" };
const ACTIONS = ["create", "update", "restore", "delete", "import", "token.create", "token.revoke", "session.create", "session.refuse", "session.end", "tools.pin", "approval.approve", "approval.deny"];

/** Recent changes and sign-ins: definition revisions with token and session events, filtered by kind, action, actor or name. */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const [pages, setPages] = useState<string[]>([]);
  const audit = useQuery(auditQuery({ ...filters, cursor: pages.at(-1) }));
  const update = (patch: AuditFilters) => { setFilters((current) => ({ ...current, ...patch })); setPages([]); };

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-4">
        <Field id="audit-kind" label="Kind">
          {(control) => (
            <Select {...control} value={filters.entity_type ?? ""} onChange={(event) => update({ entity_type: event.target.value || undefined })}>
              <option value="">All</option><option value="server">Servers</option><option value="capability">Capabilities</option><option value="agent">Agents</option><option value="token">Tokens</option><option value="session">Sessions</option><option value="toolset">Toolsets</option><option value="approval">Approvals</option>
            </Select>
          )}
        </Field>
        <Field id="audit-action" label="Action">
          {(control) => (
            <Select {...control} value={filters.action ?? ""} onChange={(event) => update({ action: event.target.value || undefined })}>
              <option value="">All</option>
              {ACTIONS.map((action) => <option key={action} value={action}>{action}</option>)}
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
      <div role="region" aria-label="Audit entries" aria-live="polite" tabIndex={0} className="overflow-x-auto">
        {audit.data && audit.data.entries.length === 0 && <p>No changes match these filters.</p>}
        {audit.data && audit.data.entries.length > 0 && <AuditTable entries={audit.data.entries} />}
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={pages.length === 0} onClick={() => setPages((current) => current.slice(0, -1))}>Newer</Button>
        <Button size="sm" disabled={!audit.data?.next_cursor}
          onClick={() => audit.data?.next_cursor && setPages((current) => [...current, audit.data!.next_cursor!])}>Older</Button>
      </div>
    </div>
  );
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Recent changes</caption>
      <thead className="text-slate-600 dark:text-slate-400">
        <tr><th scope="col" className="py-2 pr-3">When</th><th scope="col" className="pr-3">Who</th><th scope="col" className="pr-3">Action</th><th scope="col" className="pr-3">What</th><th scope="col">Revision / from</th></tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={`${entry.kind}-${entry.id}`} className="border-t border-slate-200 dark:border-slate-800">
            <td className="py-2 pr-3 whitespace-nowrap"><TimeStamp iso={entry.at} /></td>
            <td className="pr-3">{entry.actor}</td>
            <td className="pr-3">{entry.action}</td>
            <td className="pr-3">
              {entry.entity_type}{" "}
              <EntityName entry={entry} />
            </td>
            <td>{entry.revision ?? (typeof entry.detail?.client_address === "string" ? `from ${entry.detail.client_address}` : "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Definitions link to their page (unless deleted); tokens and sessions are named only. */
function EntityName({ entry }: { entry: AuditEntry }) {
  const base = ENTITY_PATHS[entry.entity_type];
  if (!base || entry.action === "delete") return <>{entry.name}</>;
  return <Link className="font-medium text-indigo-700 underline dark:text-indigo-300" href={`${base}/${entry.name}`}>{entry.name}</Link>;
}
