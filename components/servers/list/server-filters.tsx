"use client";

import { useCallback } from "react";

import { Chip } from "@/components/ui/chip";
import { healthStyle } from "@/components/health/health-status";
import { Select } from "@/components/ui/select";
import { HEALTH_FILTERS, TRANSPORT_FILTERS, type ServerListFilters } from "@/lib/query/list-filters";
import { SearchBox } from "./search-box";

const CHIP_COUNT = 12;

type ServerFiltersProps = {
  filters: ServerListFilters;
  onChange: (next: ServerListFilters) => void;
  /** Every tag in use, most used first. */
  tags: string[];
};

/** Search, transport, health and tag chips; every change starts again from the first page. */
export function ServerFilters({ filters, onChange, tags }: ServerFiltersProps) {
  const change = useCallback((patch: Partial<ServerListFilters>) => onChange({ ...filters, ...patch, cursor: undefined, page: undefined }), [filters, onChange]);
  const onSearch = useCallback((search: string) => change({ search: search || undefined }), [change]);
  // The most used tags keep their place when toggled; a tag picked from "More tags" joins them at the end.
  const top = tags.slice(0, CHIP_COUNT);
  const chips = [...new Set([...top, ...filters.tags])];
  const more = tags.filter((tag) => !chips.includes(tag));

  function toggleTag(tag: string) {
    change({ tags: filters.tags.includes(tag) ? filters.tags.filter((other) => other !== tag) : [...filters.tags, tag] });
  }

  return (
    <section aria-label="Filters" className="mb-4 flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox value={filters.search ?? ""} onSearch={onSearch} />
        <div className="flex flex-1 flex-col gap-1 md:flex-none">
          <label htmlFor="transport-filter" className="text-sm font-medium">Transport</label>
          <Select id="transport-filter" value={filters.transport ?? ""} onChange={(event) => change({ transport: event.target.value || undefined })} className="md:w-36">
            <option value="">Any</option>
            {TRANSPORT_FILTERS.map((type) => <option key={type} value={type}>{type}</option>)}
          </Select>
        </div>
        <div className="flex flex-1 flex-col gap-1 md:flex-none">
          <label htmlFor="health-filter" className="text-sm font-medium">Health</label>
          <Select id="health-filter" value={filters.health[0] ?? ""} onChange={(event) => change({ health: event.target.value ? [event.target.value] : [] })} className="md:w-40">
            <option value="">Any</option>
            {HEALTH_FILTERS.map((status) => <option key={status} value={status}>{healthStyle(status).label}</option>)}
          </Select>
        </div>
      </div>
      {chips.length > 0 && (
        <div role="group" aria-label="Filter by tag" className="flex flex-wrap gap-1.5">
          {chips.map((tag) => (
            <Chip key={tag} pressed={filters.tags.includes(tag)} onClick={() => toggleTag(tag)}>{tag}</Chip>
          ))}
          {more.length > 0 && (
            <>
              <label htmlFor="more-tags" className="sr-only">More tags</label>
              <select id="more-tags" value="" onChange={(event) => event.target.value && toggleTag(event.target.value)}
                className="h-7 max-w-48 rounded-full border border-slate-300 bg-white px-2.5 text-xs font-medium text-slate-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200">
                <option value="">More tags ({more.length})…</option>
                {more.map((tag) => <option key={tag} value={tag}>{tag}</option>)}
              </select>
            </>
          )}
        </div>
      )}
    </section>
  );
}
