import type { VariableOutput } from "@/lib/schemas/variable";

/** The servers and host globs a variable is bound to, or "anywhere" when it has no scope. */
export function VariableScope({ scope }: { scope: VariableOutput["scope"] }) {
  const servers = scope?.servers ?? [];
  const hosts = scope?.hosts ?? [];
  if (servers.length + hosts.length === 0) return <span className="text-slate-500 dark:text-slate-400">anywhere</span>;
  return (
    <dl className="flex flex-col gap-0.5 text-xs">
      {servers.length > 0 && <div><dt className="inline font-medium">Servers: </dt><dd className="inline break-all">{servers.join(", ")}</dd></div>}
      {hosts.length > 0 && <div><dt className="inline font-medium">Hosts: </dt><dd className="inline font-mono break-all">{hosts.join(", ")}</dd></div>}
    </dl>
  );
}
