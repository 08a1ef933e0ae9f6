"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** `?search=` as state, so a filtered list can be shared as a link. */
export function useSearchParam(): [string, (search: string) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const search = params.get("search") ?? "";

  const setSearch = useCallback((next: string) => {
    const query = next ? `?${new URLSearchParams({ search: next })}` : "";
    router.replace(`${pathname}${query}`, { scroll: false });
  }, [router, pathname]);

  return [search, setSearch];
}
