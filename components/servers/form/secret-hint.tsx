"use client";

import { useFormContext } from "react-hook-form";

import { Button } from "@/components/ui/button";
import type { ServerFormValues } from "@/lib/forms/server-form-values";

const SECRET_KEY = /authorization|token|secret|password|key/i;
const PLACEHOLDER = /\$\{[A-Z_][A-Z0-9_]*\}|\{\{[^}]*\}\}/;

/** DESIGN §7: a literal secret is stored, but the form warns and offers a ${VAR} placeholder instead. */
export function SecretHint({ name, rowKey, value }: { name: `transport.${"headers" | "env"}.${number}.value`; rowKey: string; value: string }) {
  const { setValue, getValues } = useFormContext<ServerFormValues>();
  if (!SECRET_KEY.test(rowKey) || !value || PLACEHOLDER.test(value)) return null;

  const variable = `${getValues("name") || "server"}_${rowKey}`.toUpperCase().replace(/[^A-Z0-9]+/g, "_").replace(/^_+|_+$/g, "");
  const scheme = /^(Bearer|Basic|Token)\s+/i.exec(value)?.[0] ?? "";
  const replacement = `${scheme}\${${variable}}`;

  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-amber-800 dark:text-amber-300">
      “{rowKey}” looks like a secret typed in as is. Anyone who can read the registry can read it.
      <Button size="sm" variant="ghost" onClick={() => setValue(name, replacement, { shouldDirty: true, shouldValidate: true })}>
        Use {replacement} instead
      </Button>
    </p>
  );
}
