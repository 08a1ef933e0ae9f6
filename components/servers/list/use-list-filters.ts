"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

import { parseListFilters, toSearchParams, type ServerListFilters } from "@/lib/query/list-filters";

/**
 * The list's filters live in the URL so a view can be shared. Changes go through the native history API,
 * which Next keeps in step with useSearchParams without asking the server to render the page again.
 */
export function useListFilters() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const key = searchParams.toString();
  const filters = useMemo(() => parseListFilters(new URLSearchParams(key)), [key]);

  const setFilters = useCallback((next: ServerListFilters, { push = false } = {}) => {
    const query = toSearchParams(next).toString();
    const url = query ? `${pathname}?${query}` : pathname;
    if (push) window.history.pushState(null, "", url);
    else window.history.replaceState(null, "", url);
  }, [pathname]);

  return { filters, setFilters };
}
