const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "12 min ago", "3 h ago", "5 days ago" (or "in …" for a time ahead): short and unambiguous. */
export function relativeTime(iso: string, now: number): string {
  const delta = now - Date.parse(iso);
  const size = Math.abs(delta);
  if (size < MINUTE) return "just now";
  const amount = size < HOUR ? `${Math.floor(size / MINUTE)} min` : size < DAY ? `${Math.floor(size / HOUR)} h` : days(Math.floor(size / DAY));
  return delta >= 0 ? `${amount} ago` : `in ${amount}`;
}

function days(count: number): string {
  return `${count} ${count === 1 ? "day" : "days"}`;
}

/** The one absolute format of the dashboard: "22 Nov 2026, 16:53 UTC". */
export function utcTimestamp(iso: string): string {
  return `${new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC`;
}

/** A chart axis's time of day, in UTC like every other time shown: "16:53:07". */
export function utcTimeOfDay(at: number): string {
  return new Date(at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false, timeZone: "UTC" });
}
