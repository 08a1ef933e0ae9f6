/** A timestamp in one fixed format and zone, so server and browser render the same text. */
export function TimeStamp({ iso }: { iso: string }) {
  const text = new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return <time dateTime={iso}>{text} UTC</time>;
}
