"use client";

import { useServerHealth } from "@/lib/query/health";
import type { OAuthMode } from "@/lib/query/oauth";

import { HealthBadge } from "./health-dot";

/**
 * The server page's title badge: the very query the Health card reads (GET …/health), so the two can never
 * disagree — a re-check, a test or an event refreshes both at once. Nothing until it has loaded: an
 * "unknown" meanwhile would be a claim the card does not make.
 */
export function ServerHealthBadge({ name, oauthMode }: { name: string; oauthMode: OAuthMode }) {
  const { data } = useServerHealth(name);
  if (!data) return null;
  return <HealthBadge name={name} status={data.health.status} oauthMode={oauthMode} />;
}
