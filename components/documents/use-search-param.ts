"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** One `?name=` of the page URL as state, the others kept, so a filtered or sorted list can be shared as a link. */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const value = params.get(name) ?? "";
  const query = params.toString();

  const setValue = useCallback((next: string) => {
    const updated = new URLSearchParams(query);
    if (next) updated.set(name, next);
    else updated.delete(name);
    const text = updated.toString();
    router.replace(`${pathname}${text ? `?${text}` : ""}`, { scroll: false });
  }, [router, pathname, name, query]);

  return [value, setValue];
}
