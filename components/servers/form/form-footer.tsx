"use client";

import Link from "next/link";
import { useFormState } from "react-hook-form";

import { Button, buttonClass } from "@/components/ui/button";
import type { ServerFormValues } from "@/lib/forms/server-form-values";

/** Save and cancel, with a summary of why the last save did not happen. */
export function FormFooter({ isSaving, cancelHref, saveLabel }: { isSaving: boolean; cancelHref: string; saveLabel: string }) {
  const { errors, submitCount } = useFormState<ServerFormValues>();
  const fieldCount = countErrors(errors) - (errors.root?.server ? 1 : 0);

  return (
    <div className="border-t border-slate-200 pt-4 dark:border-slate-800">
      <div role="status" aria-live="polite" className="mb-2 text-sm text-red-700 empty:hidden dark:text-red-400">
        {errors.root?.server?.message}
        {submitCount > 0 && fieldCount > 0 && ` Not saved: ${fieldCount} field${fieldCount === 1 ? " needs" : "s need"} attention.`}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" disabled={isSaving}>{isSaving ? "Saving…" : saveLabel}</Button>
        <Link href={cancelHref} className={buttonClass()}>Cancel</Link>
      </div>
    </div>
  );
}

function countErrors(node: unknown): number {
  if (typeof node !== "object" || node === null) return 0;
  const record = node as Record<string, unknown>;
  if (typeof record.message === "string" && typeof record.type === "string") return 1;
  return Object.entries(record).reduce((sum, [key, child]) => sum + (key === "ref" ? 0 : countErrors(child)), 0);
}
