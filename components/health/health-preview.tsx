"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";

import { useHealthEvents } from "@/lib/query/use-health-events";

import { HealthDot } from "./health-dot";
import { HealthPanel } from "./health-panel";
import { TestConnectionPanel } from "./test-connection-panel";

/** Preview only (deleted at merge, when the panels move into the detail page under the dashboard's provider). */
export function HealthPreview({ name }: { name: string }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <LiveHealth name={name} />
    </QueryClientProvider>
  );
}

function LiveHealth({ name }: { name: string }) {
  useHealthEvents();
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <h1 className="flex items-center gap-3 text-2xl font-semibold">{name} <HealthDot name={name} /></h1>
      <HealthPanel name={name} />
      <TestConnectionPanel name={name} />
    </main>
  );
}
