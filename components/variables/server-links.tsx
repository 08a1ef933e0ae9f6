import Link from "next/link";

/** Server names as links to their pages, or a dash when there are none. */
export function ServerLinks({ names, empty = "—" }: { names: string[]; empty?: string }) {
  if (names.length === 0) return <span className="text-slate-500 dark:text-slate-400">{empty}</span>;
  return (
    <ul className="flex flex-col gap-0.5">
      {names.map((name) => (
        <li key={name}><Link href={`/mcp-servers/${encodeURIComponent(name)}`} className="text-indigo-700 underline break-all dark:text-indigo-300">{name}</Link></li>
      ))}
    </ul>
  );
}
