"use client";

import { useState } from "react";

import { Field } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";
import { parseInlineConfig } from "@/lib/forms/inline-config";
import type { ReferenceRow } from "@/lib/forms/reference-rows";

/** A legacy inline config edited as JSON; until the text is a valid config the row carries why, and the form will not save. */
export function InlineConfigEditor({ id, row, onChange }: { id: string; row: ReferenceRow; onChange: (row: ReferenceRow) => void }) {
  const [text, setText] = useState(() => JSON.stringify(row.inline, null, 2));

  function change(next: string) {
    setText(next);
    const parsed = parseInlineConfig(next);
    onChange("error" in parsed ? { ...row, inlineError: parsed.error } : { ...row, inline: parsed.value, inlineError: undefined });
  }

  return (
    <Field id={id} label={`Inline config ${row.alias} (JSON)`} error={row.inlineError}
      hint="A legacy inline config (deprecated): type, url or command and args, headers or env. Secrets show masked, as the API returns them.">
      {(control) => <Textarea {...control} rows={6} spellCheck={false} className="font-mono text-xs" value={text} onChange={(event) => change(event.target.value)} />}
    </Field>
  );
}
