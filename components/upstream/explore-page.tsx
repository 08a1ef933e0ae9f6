"use client";

import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";

import { useRole } from "@/components/roles/role-context";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { upstreamServersQuery } from "@/lib/query/upstream";
import { UpstreamServerCard } from "./upstream-server-card";

/**
 * The upstream registry, a page at a time (DESIGN §13): search is passed through as it is; the upstream's own
 * cursors go forward, the ones already followed go back.
 */
export function ExplorePage() {
  const canAdd = useRole().can("editor"); // POST /api/upstream/servers/{name}/add
  const [search, setSearch] = useState("");
  const [draft, setDraft] = useState("");
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  const { data, error, isFetching } = useQuery(upstreamServersQuery(search, cursor));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    setCursors([null]);
  };

  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={onSearch} className="flex gap-2">
        <label htmlFor="upstream-search" className="sr-only">Search the upstream registry</label>
        <Input id="upstream-search" type="search" value={draft} onChange={(event) => setDraft(event.target.value)} placeholder="Search by name" />
        <Button type="submit">Search</Button>
      </form>
      {error && <Alert tone="danger" title="The upstream registry could not be read" isUrgent>{error.message}</Alert>}
      {data && data.servers.length === 0 && <EmptyState title="No servers match">The upstream registry has no server whose name matches this search. Try another search.</EmptyState>}
      {data && data.servers.length > 0 && (
        <ul className="flex flex-col gap-3" aria-label="Upstream servers" aria-busy={isFetching}>
          {data.servers.map((server) => <UpstreamServerCard key={server.name} server={server} canAdd={canAdd} />)}
        </ul>
      )}
      <nav aria-label="Pages" className="flex justify-between">
        <Button onClick={() => setCursors(cursors.slice(0, -1))} disabled={cursors.length === 1}>Previous page</Button>
        <Button onClick={() => data?.next_cursor && setCursors([...cursors, data.next_cursor])} disabled={!data?.next_cursor || isFetching}>Next page</Button>
      </nav>
    </div>
  );
}
