import { cx } from "./class-names";

/** Preformatted JSON (or any text), scrollable sideways rather than breaking the layout on phones. */
export function CodeBlock({ value, className, label }: { value: unknown; className?: string; label?: string }) {
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 2);
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className={cx(
        "overflow-x-auto rounded-md bg-slate-100 p-3 font-mono whitespace-pre-wrap [overflow-wrap:anywhere] text-xs leading-relaxed text-slate-900 dark:bg-slate-900 dark:text-slate-100",
        className,
      )}
    >
      {text}
    </pre>
  );
}
