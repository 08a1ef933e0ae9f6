"use client";

import { useCallback } from "react";

import { Chip } from "@/components/ui/chip";
import { healthStyle } from "@/components/health/health-status";
import { Select } from "@/components/ui/select";
import { HEALTH_FILTERS, TRANSPORT_FILTERS, type ServerListFilters } from "@/lib/query/list-filters";
import { SearchBox } from "./search-box";

type ServerFiltersProps = {
  filters: ServerListFilters;
  onChange: (next: ServerListFilters) => void;
  tags: string[];
};

/** Search, transport, health and tag chips; every change starts again from the first page. */
export function ServerFilters({ filters, onChange, tags }: ServerFiltersProps) {
  const change = useCallback((patch: Partial<ServerListFilters>) => onChange({ ...filters, ...patch, cursor: undefined }), [filters, onChange]);
  const onSearch = useCallback((search: string) => change({ search: search || undefined }), [change]);
  const chips = [...new Set([...filters.tags, ...tags])];

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
        </div>
      )}
    </section>
  );
}
