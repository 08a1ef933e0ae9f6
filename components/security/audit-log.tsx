"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { FilteredPages, FilterInput, FilterSelect, ListRegion, usePagedFilters } from "@/components/ui/paged-list";
import { TimeStamp } from "@/components/ui/time-stamp";
import { auditQuery, type AuditEntry, type AuditFilters } from "@/lib/query/audit";

// A toolset pin and an approval decision are recorded under the server they concern.
const ENTITY_PATHS: Partial<Record<AuditEntry["entity_type"], string>> = { server: "/mcp-servers", toolset: "/mcp-servers", approval: "/mcp-servers", capability: "/capabilities", agent: "/agents" };
const KINDS = [
  ["server", "Servers"], ["capability", "Capabilities"], ["agent", "Agents"], ["token", "Tokens"], ["session", "Sessions"], ["toolset", "Toolsets"], ["approval", "Approvals"], ["mcp-client", "MCP clients"],
] as const;
const ACTIONS = ["create", "update", "restore", "delete", "import", "token.create", "token.revoke", "session.create", "session.refuse", "session.end", "tools.pin", "approval.approve", "approval.deny", "mcp-client.allow", "mcp-client.deny", "mcp-client.revoke"];

/** Recent changes and sign-ins: definition revisions with token and session events, filtered by kind, action, actor or name. */
export function AuditLog() {
  const paging = usePagedFilters<AuditFilters>();
  const { filters, update } = paging;
  const audit = useQuery(auditQuery({ ...filters, cursor: paging.cursor }));

  const filterRow = (
    <>
      <FilterSelect id="audit-kind" label="Kind" any="All" options={KINDS} value={filters.entity_type} onChange={(entity_type) => update({ entity_type })} />
      <FilterSelect id="audit-action" label="Action" any="All" options={ACTIONS.map((action) => [action, action] as const)}
        value={filters.action} onChange={(action) => update({ action })} />
      <FilterInput id="audit-actor" label="Actor" value={filters.actor} onChange={(actor) => update({ actor })} />
      <FilterInput id="audit-name" label="Name" value={filters.name} onChange={(name) => update({ name })} />
    </>
  );
  return (
    <FilteredPages filters={filterRow} paging={paging} next={audit.data?.next_cursor} labels={["Newer", "Older"]}>
      <ListRegion label="Audit entries" scrolls error={audit.error} errorTitle="The audit log could not be loaded" isEmpty={audit.data?.entries.length === 0}
        empty="No entries match these filters. Every change to a definition (with its revision and who made it) and every token and session event — mint, revoke, sign-in, sign-out — is recorded here.">
        {audit.data && <AuditTable entries={audit.data.entries} />}
      </ListRegion>
    </FilteredPages>
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
