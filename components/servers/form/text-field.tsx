"use client";

import type { ReactNode } from "react";
import { useFormContext, type FieldPath } from "react-hook-form";

import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { useFieldError } from "./use-field-error";

type TextFieldProps = {
  name: FieldPath<ServerFormValues>;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  isMultiline?: boolean;
  placeholder?: string;
  className?: string;
  inputClassName?: string;
  type?: string;
};

/** A text input bound to the form, with its label, hint and error (aria-invalid + message). */
export function TextField({ name, label, hint, required, isMultiline, placeholder, className, inputClassName, type = "text" }: TextFieldProps) {
  const { register } = useFormContext<ServerFormValues>();
  const error = useFieldError(name);
  const id = `field-${name.replace(/\./g, "-")}`;
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} className={className}>
      {(control) => isMultiline
        ? <Textarea {...control} {...register(name)} placeholder={placeholder} className={inputClassName} />
        : <Input {...control} {...register(name)} type={type} placeholder={placeholder} className={inputClassName} autoComplete="off" spellCheck={false} />}
    </Field>
  );
}
