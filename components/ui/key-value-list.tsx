import type { ReactNode } from "react";

/** A definition list of label → value pairs; long values wrap instead of widening the page. */
export function KeyValueList({ items, mono = false }: { items: [label: string, value: ReactNode][]; mono?: boolean }) {
  if (items.length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(6rem,max-content)_1fr] gap-x-4 gap-y-1.5 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className={`text-slate-600 dark:text-slate-400 ${mono ? "font-mono text-xs leading-5" : ""}`}>{label}</dt>
          <dd className={`min-w-0 [overflow-wrap:anywhere] ${mono ? "font-mono text-xs leading-5" : ""}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
