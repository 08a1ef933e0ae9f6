"use client";

import { useFormContext, type FieldPath } from "react-hook-form";

import { cx } from "@/components/ui/class-names";
import { FieldError } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { useFieldError } from "./use-field-error";

type RowInputProps = { name: FieldPath<ServerFormValues>; label: string; placeholder?: string; className?: string };

/** One input of a row in a list (a header's value, an argument, an icon's source): labelled by its row, with its error below. */
export function RowInput({ name, label, placeholder, className }: RowInputProps) {
  const { register } = useFormContext<ServerFormValues>();
  const error = useFieldError(name);
  const errorId = `${name.replace(/\./g, "-")}-error`;
  return (
    <div className={cx("flex min-w-0 flex-col gap-1", className)}>
      <Input {...register(name)} aria-label={label} placeholder={placeholder} aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined} className="font-mono" autoComplete="off" spellCheck={false} />
      {error && <FieldError id={errorId}>{error}</FieldError>}
    </div>
  );
}
