import type { ComponentProps } from "react";

import { cx } from "./class-names";

/** Shared by inputs, selects and textareas: one border, one focus ring, red when aria-invalid. */
export const controlClass = cx(
  "w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500",
  "dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400",
  "aria-[invalid=true]:border-red-600 dark:aria-[invalid=true]:border-red-400",
  "disabled:opacity-60",
);

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(controlClass, "h-10", className)} {...props} />;
}
