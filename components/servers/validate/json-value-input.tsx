"use client";

import { useState } from "react";

import type { FieldControlProps } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field";
import { Textarea } from "@/components/ui/textarea";

/** Any JSON value, for schemas the generated form has no dedicated input for. */
export function JsonValueInput({ control, value, onChange }: { control: FieldControlProps; value: unknown; onChange: (value: unknown) => void }) {
  const [text, setText] = useState(value === undefined ? "" : JSON.stringify(value));
  const [error, setError] = useState<string>();

  function update(next: string) {
    setText(next);
    if (next.trim() === "") { setError(undefined); onChange(undefined); return; }
    try {
      onChange(JSON.parse(next));
      setError(undefined);
    } catch {
      // Nothing is sent while it is not JSON: the preview and a test never use an older value silently.
      onChange(undefined);
      setError("Not valid JSON yet — not sent");
    }
  }

  return (
    <>
      <Textarea {...control} aria-invalid={error ? true : undefined} rows={2} className="font-mono text-xs" value={text} onChange={(event) => update(event.target.value)} />
      {error && <FieldError>{error}</FieldError>}
    </>
  );
}
