"use client";

import type { HealthStatus } from "@/lib/health/types";
import { useLatestHealth } from "@/lib/query/health";

import { healthStyle } from "./health-status";

type HealthDotProps = {
  name: string;
  /** What the caller already knows (a list row's summary); without it the dot fetches the server's health. */
  status?: HealthStatus;
  showLabel?: boolean;
};

/** A server's live health: a coloured dot with the status in words (visible, or for screen readers only). */
export function HealthDot({ name, status, showLabel = true }: HealthDotProps) {
  const current = useLatestHealth(name, status);
  const style = healthStyle(current);

  return (
    <span className="inline-flex items-center gap-1.5 text-xs" title={`${name}: ${style.label}`} data-health-status={current}>
      <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${style.dot}`} />
      <span className={showLabel ? style.text : "sr-only"}>{showLabel ? style.label : `Health of ${name}: ${style.label}`}</span>
    </span>
  );
}
