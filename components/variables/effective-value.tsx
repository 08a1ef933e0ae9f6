import type { EnvironmentVariable } from "@/lib/query/variables";

const MUTED = "text-xs text-slate-600 dark:text-slate-400";

/**
 * The value this environment gets and where it comes from. A secret's value is never rendered: only a fixed
 * "•••• (secret)" (the API masks it anyway; this keeps any future unmasked answer out of the HTML too).
 */
export function EffectiveValue({ variable, environment }: { variable: EnvironmentVariable; environment: string }) {
  const { source, value } = variable.effective;
  if (source === "none") return <span className={MUTED}>no value</span>;

  return (
    <div className="flex flex-col gap-0.5">
      {variable.secret
        ? <span className="font-mono text-xs">•••• (secret)</span>
        : <code className="font-mono text-xs break-all">{value}</code>}
      <span className={MUTED}>{source === "environment" ? `${environment} override` : "default"}</span>
    </div>
  );
}
