"use client";

import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { secretPlaceholder, urlSecretPlaceholder } from "@/lib/formats/secrets";
import type { ServerFormValues } from "@/lib/forms/server-form-values";
import { replaceUrlSecrets, urlSecrets } from "@/lib/resolve/url-secrets";
import { isLiteralSecret } from "@/lib/schemas/secrets";

/**
 * DESIGN §7: a literal secret is stored, but the form warns and offers a `${VAR}` placeholder instead — the one an
 * import with `?secrets=placeholders` would write (lib/formats/secrets.ts): a value that also holds references keeps
 * them, only its literal part becomes the placeholder (`${TENANT}-sk-1` → `${TENANT}-${SERVER_X_API_KEY}`).
 */
export function SecretHint({ name, rowKey, value }: { name: `transport.${"headers" | "env"}.${number}.value`; rowKey: string; value: string }) {
  const { setValue, getValues } = useFormContext<ServerFormValues>();
  if (!isLiteralSecret(rowKey, value)) return null;

  const replacement = secretPlaceholder(getValues("name") || "server", rowKey, value);
  return (
    <Hint onReplace={() => setValue(name, replacement, { shouldDirty: true, shouldValidate: true })} replacement={replacement}>
      “{rowKey}” looks like a secret typed in as is. Anyone who can read the registry can read it.
    </Hint>
  );
}

/** The same for the URL: its `user:password@` and secret-looking query values (`?access_token=`), all at once. */
export function UrlSecretHint() {
  const { setValue, getValues } = useFormContext<ServerFormValues>();
  const url = useWatch<ServerFormValues, "transport.url">({ name: "transport.url" }) ?? "";
  const secrets = urlSecrets(url);
  if (secrets.length === 0) return null;

  const prefix = getValues("name") || "server";
  const placeholders = secrets.map(({ place, value }) => urlSecretPlaceholder(prefix, place, value));
  const parts = secrets.map(({ place }) => (place === "password" ? "password" : `“${place.slice("query.".length)}”`));
  return (
    <Hint onReplace={() => setValue("transport.url", replaceUrlSecrets(url, ({ place, value }) => urlSecretPlaceholder(prefix, place, value)), { shouldDirty: true, shouldValidate: true })}
      replacement={placeholders.join(" and ")}>
      {secrets.length === 1
        ? `The URL's ${parts[0]} looks like a secret typed in as is. Anyone who can read the registry can read it.`
        : `The URL's ${parts.join(" and ")} look like secrets typed in as is. Anyone who can read the registry can read them.`}
    </Hint>
  );
}

function Hint({ children, replacement, onReplace }: { children: ReactNode; replacement: string; onReplace: () => void }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-amber-800 dark:text-amber-300">
      {children}
      <Button size="sm" variant="ghost" onClick={onReplace}>Use {replacement} instead</Button>
    </p>
  );
}
