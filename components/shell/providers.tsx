"use client";

import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { getQueryClient } from "@/lib/query/query-client";
import { useHealthEvents } from "@/lib/query/use-health-events";

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={getQueryClient()}>
      <LiveHealth />
      {children}
    </QueryClientProvider>
  );
}

/** One server-sent event stream per tab keeps every health dot and panel current without a reload. */
function LiveHealth() {
  useHealthEvents();
  return null;
}
