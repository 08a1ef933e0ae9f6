"use client";

import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback } from "react";

import { environmentsQuery } from "@/lib/query/servers";

/** `?environment=` as state (so the view can be shared), defaulting to the registry's current environment. */
export function useEnvironmentParam() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const environments = useQuery(environmentsQuery());
  const environment = params.get("environment") ?? environments.data?.current;

  const setEnvironment = useCallback((next: string) => {
    router.replace(`${pathname}?${new URLSearchParams({ environment: next })}`, { scroll: false });
  }, [router, pathname]);

  return { environment, known: environments.data?.environments ?? [], setEnvironment, error: environments.error };
}
