"use client";

import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, useState, type ReactNode } from "react";

/**
 * Uses the app's QueryClient when a provider above has one (the dashboard shell's), and brings its own only
 * when there is none, so this page works both before and after it is mounted inside the shell.
 */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const [own] = useState(() => (outer ? null : new QueryClient()));
  if (outer || !own) return children;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
