"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";

import { FilteredPages, FilterInput, FilterSelect, ListRegion, usePagedFilters } from "@/components/ui/paged-list";
import { TimeStamp } from "@/components/ui/time-stamp";
import { auditQuery, auditTrailHref, type AuditEntry, type AuditFilters } from "@/lib/query/audit";

const DEFINITION_PAGES: Partial<Record<AuditEntry["entity_type"], string>> = { server: "/mcp-servers", capability: "/capabilities", agent: "/agents" };
// A toolset pin and an approval decision are recorded under the server they concern: its page is theirs, its deletion too.
const DEFINITION_OF: Partial<Record<AuditEntry["entity_type"], AuditEntry["entity_type"]>> = { toolset: "server", approval: "server" };
const KINDS = [
  ["server", "Servers"], ["capability", "Capabilities"], ["agent", "Agents"], ["token", "Tokens"], ["session", "Sessions"], ["toolset", "Toolsets"], ["approval", "Approvals"], ["mcp-client", "MCP clients"],
] as const;
const ACTIONS = ["create", "update", "restore", "delete", "import", "token.create", "token.revoke", "session.create", "session.refuse", "session.end", "tools.pin", "approval.approve", "approval.deny", "mcp-client.allow", "mcp-client.deny", "mcp-client.revoke"];

/** Recent changes and sign-ins: definition revisions with token and session events, filtered by kind, action, actor or name. */
export function AuditLog({ initialFilters = {} }: { initialFilters?: AuditFilters }) {
  const paging = usePagedFilters<AuditFilters>(initialFilters);
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
  const deleted = deletedEntities(entries);
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
              <EntityName entry={entry} isDeleted={deleted.has(entityKey(entry))} />
            </td>
            <td>{entry.revision ?? (typeof entry.detail?.client_address === "string" ? `from ${entry.detail.client_address}` : "")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Definitions link to their page; one deleted since (its newest entry here is its deletion) to its own history in
 * this log, as its page is gone. Tokens and sessions are named only.
 */
function EntityName({ entry, isDeleted }: { entry: AuditEntry; isDeleted: boolean }) {
  const definition = definitionOf(entry);
  const page = DEFINITION_PAGES[definition];
  const link = "font-medium text-indigo-700 underline dark:text-indigo-300";
  if (!page) return <>{entry.name}</>;
  if (isDeleted) return <><Link className={link} href={auditTrailHref(definition, entry.name)}>{entry.name}</Link> (deleted)</>;
  return <Link className={link} href={`${page}/${encodeURIComponent(entry.name)}`}>{entry.name}</Link>;
}

function definitionOf(entry: AuditEntry): AuditEntry["entity_type"] {
  return DEFINITION_OF[entry.entity_type] ?? entry.entity_type;
}

function entityKey(entry: AuditEntry): string {
  return `${definitionOf(entry)}:${entry.name}`;
}

/** The definitions whose newest entry on this page (entries come newest first) is their deletion. */
function deletedEntities(entries: AuditEntry[]): Set<string> {
  const newest = new Map<string, AuditEntry>();
  for (const entry of entries) if (!newest.has(entityKey(entry))) newest.set(entityKey(entry), entry);
  return new Set([...newest].filter(([, entry]) => entry.kind === "revision" && entry.action === "delete").map(([key]) => key));
}
