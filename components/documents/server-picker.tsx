"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState, type FocusEvent, type KeyboardEvent } from "react";

import { Input } from "@/components/ui/input";
import { serverSearchQuery } from "@/lib/query/servers";

/**
 * Search the registry and add a server; results are buttons, so Tab and Enter are all a keyboard needs.
 * Enter in the search box adds the first match; ArrowDown reopens the results, which close on Escape, on adding and when focus
 * leaves the picker, and take their room in the page, so they never cover the form's buttons.
 */
export function ServerPicker({ selected, onAdd }: { selected: string[]; onAdd: (server: string) => void }) {
  const id = useId();
  const [search, setSearch] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const servers = useQuery({ ...serverSearchQuery(search.trim()), placeholderData: keepPreviousData, enabled: search.trim() !== "" });
  const matches = servers.data ?? [];
  const isExpanded = isOpen && search.trim() !== "";

  function add(server: string) {
    onAdd(server);
    setSearch("");
    setIsOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault(); // never submits the form around it
      const first = matches.find((server) => !selected.includes(server.name));
      if (isExpanded && first && !servers.isPlaceholderData) add(first.name);
      else setIsOpen(false);
    } else if (event.key === "ArrowDown" && !isExpanded) {
      event.preventDefault();
      setIsOpen(true);
    } else if (event.key === "Escape" && isExpanded) {
      event.preventDefault();
      setIsOpen(false);
    }
  }

  function onBlur(event: FocusEvent<HTMLDivElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOpen(false);
  }

  return (
    <div className="flex flex-col gap-1" onBlur={onBlur}>
      <label htmlFor={id} className="text-sm font-medium">Add a server from the registry</label>
      <Input id={id} type="search" value={search} placeholder="Search servers by name, description or tag" autoComplete="off"
        aria-controls={isExpanded ? `${id}-results` : undefined}
        onChange={(event) => { setSearch(event.target.value); setIsOpen(true); }} onKeyDown={onKeyDown} />
      {isExpanded && (
        <ul id={`${id}-results`} aria-label="Matching servers" className="mt-1 flex max-h-64 flex-col overflow-y-auto rounded-md border border-slate-200 dark:border-slate-800">
          {matches.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">{servers.isFetching ? "Searching…" : "No server matches."}</li>}
          {matches.map((server) => {
            const isSelected = selected.includes(server.name);
            return (
              <li key={server.name}>
                <button type="button" disabled={isSelected} onClick={() => add(server.name)}
                  aria-label={isSelected ? `${server.name} (added)` : `Add ${server.name}`}
                  className="flex w-full flex-col items-start px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:bg-indigo-50 disabled:opacity-50 dark:hover:bg-indigo-950 dark:focus-visible:bg-indigo-950">
                  <span className="font-medium">{server.name}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{server.description}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
