import type { ReactNode } from "react";

import { cx } from "./class-names";

export type FieldControlProps = { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string; "aria-required"?: boolean };

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  /** Focus left the control (React's blur bubbles from whatever the field holds). */
  onBlur?: () => void;
  /** Receives the id and aria attributes to spread on the control. */
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled control with its hint and its error, tied together by id for assistive technology. */
export function Field({ id, label, hint, error, required, className, onBlur, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("flex flex-col gap-1", className)} onBlur={onBlur}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {required && <span aria-hidden="true" className="ml-0.5 text-red-600 dark:text-red-400">*</span>}
        {required && <span className="sr-only"> (required)</span>}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": required || undefined })}
      {error && <FieldError id={errorId!}>{error}</FieldError>}
      {hint && <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>}
    </div>
  );
}

export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return <p id={id} className="text-sm text-red-700 dark:text-red-400">{children}</p>;
}
