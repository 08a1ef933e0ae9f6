"use client";

import { useEffect, useState } from "react";

import { relativeTime, utcTimestamp } from "@/lib/time/relative-time";

/**
 * A timestamp in the dashboard's one format, "22 Nov 2026, 16:53 UTC (12 min ago)". The server renders the
 * absolute part; the relative part is added in the browser (it depends on the clock) and kept current.
 */
export function TimeStamp({ iso }: { iso: string }) {
  const now = useNow();
  return <time dateTime={iso}>{utcTimestamp(iso)}{now === null ? "" : ` (${relativeTime(iso, now)})`}</time>;
}

const TICK_MS = 30_000;

function useNow(): number | null {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
