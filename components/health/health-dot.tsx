"use client";

import type { HealthStatus } from "@/lib/health/types";
import { useLatestHealth } from "@/lib/query/health";
import type { OAuthMode } from "@/lib/query/oauth";

import { healthLabel, healthStyle } from "./health-status";

type HealthDotProps = {
  name: string;
  /** What the caller already knows (a list row's summary); without it the dot fetches the server's health. */
  status?: HealthStatus;
  showLabel?: boolean;
  /** How the server signs in with OAuth: `auth_required` reads "Connect to check health" (`shared`) or "Each person connects" (`per_user`). */
  oauthMode?: OAuthMode;
};

/** A server's live health: a coloured dot with the status in words (visible, or for screen readers only). */
export function HealthDot({ name, status, showLabel = true, oauthMode = null }: HealthDotProps) {
  return <HealthBadge name={name} status={useLatestHealth(name, status)} showLabel={showLabel} oauthMode={oauthMode} />;
}

/** The dot and words for a status the caller already holds (the server page reads it from its Health card's query). */
export function HealthBadge({ name, status, showLabel = true, oauthMode = null }: Omit<HealthDotProps, "status"> & { status: HealthStatus }) {
  const style = healthStyle(status);
  const label = healthLabel(status, oauthMode);

  return (
    <span className="inline-flex items-center gap-1.5 text-xs" title={`${name}: ${label}`} data-health-status={status}>
      <span aria-hidden="true" className={`inline-block size-2.5 shrink-0 rounded-full ${style.dot}`} />
      <span className={showLabel ? style.text : "sr-only"}>{showLabel ? label : `Health of ${name}: ${label}`}</span>
    </span>
  );
}
