"use client";

import { useQuery } from "@tanstack/react-query";

import { Badge } from "@/components/ui/badge";
import { circuitsQuery, type Circuit } from "@/lib/query/calls";

const LABEL = { open: "circuit open", half_open: "circuit half-open" } as const;

/**
 * Beside the health dot (DESIGN §12): a warning while the gateway's circuit of this server is open or half-open
 * in any environment; nothing while every circuit is closed (the usual case) or the server was never called.
 */
export function CircuitBadge({ name }: { name: string }) {
  const circuits = useQuery(circuitsQuery(name));
  return <TrippedCircuits circuits={circuits.data?.circuits ?? []} />;
}

/** A list's rows: every server's circuits in one query, each row showing its own. */
export function useCircuitsByServer(): Map<string, Circuit[]> {
  const circuits = useQuery(circuitsQuery());
  const byServer = new Map<string, Circuit[]>();
  for (const circuit of circuits.data?.circuits ?? []) byServer.set(circuit.server, [...(byServer.get(circuit.server) ?? []), circuit]);
  return byServer;
}

export function TrippedCircuits({ circuits }: { circuits: Circuit[] }) {
  const tripped = circuits.filter((circuit) => circuit.state !== "closed");
  if (tripped.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap gap-1" data-circuit-state={tripped[0].state}>
      {tripped.map((circuit) => (
        <Badge key={circuit.environment} tone={circuit.state === "open" ? "danger" : "warning"}>
          {LABEL[circuit.state as keyof typeof LABEL]} ({circuit.environment}, {circuit.consecutive_failures} {circuit.consecutive_failures === 1 ? "failure" : "failures"} in a row)
        </Badge>
      ))}
    </span>
  );
}
