"use client";

import { useRef } from "react";

import type { ServerListFilters } from "@/lib/query/list-filters";

type Place = { previous: string | undefined; index: number };

/**
 * Next/Previous over the API's opaque cursors. The API only goes forward, so the page remembers where
 * each cursor came from; a shared link that starts mid-way goes back to the first page.
 */
export function useCursorPager(filters: ServerListFilters, setFilters: (next: ServerListFilters, options?: { push?: boolean }) => void) {
  const places = useRef(new Map<string, Place>());
  const scope = JSON.stringify({ ...filters, cursor: undefined });
  const here = filters.cursor ? places.current.get(`${scope}|${filters.cursor}`) : { previous: undefined, index: 0 };

  function goNext(nextCursor: string) {
    places.current.set(`${scope}|${nextCursor}`, { previous: filters.cursor, index: (here?.index ?? 0) + 1 });
    setFilters({ ...filters, cursor: nextCursor }, { push: true });
  }

  function goPrevious() {
    setFilters({ ...filters, cursor: here?.previous }, { push: true });
  }

  return { pageNumber: here ? here.index + 1 : undefined, hasPrevious: Boolean(filters.cursor), goNext, goPrevious };
}
