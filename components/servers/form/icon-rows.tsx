"use client";

import { useFieldArray, useFormContext, useWatch } from "react-hook-form";

import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { FieldError } from "@/components/ui/field";
import { Select } from "@/components/ui/select";
import type { IconRow, ServerFormValues } from "@/lib/forms/server-form-values";
import { MAX_ICONS } from "@/lib/schemas/server-icons";
import { ServerIcon } from "../server-icon";
import { RowInput } from "./row-input";
import { useFieldError } from "./use-field-error";

const PREVIEW_BACKGROUND: Record<IconRow["theme"], string> = {
  "": "",
  light: "bg-white",
  dark: "bg-slate-900",
};

/**
 * The server's icons (the official server.json's `icons`), one row each: its source, its theme and a preview drawn
 * by ServerIcon itself, so only what the list would load is loaded (https: or a data: image, never http:).
 */
export function IconRows() {
  const { control, register } = useFormContext<ServerFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "icons" });
  const rows = useWatch({ control, name: "icons" }) ?? [];
  const serverName = useWatch({ control, name: "name" });
  const listError = useFieldError("icons");

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby="icons-hint">
      <legend className="mb-1 text-sm font-medium">Icons</legend>
      <p id="icons-hint" className="text-xs text-slate-600 dark:text-slate-400">
        Shown beside the name: an https: URL or a base64 data:image (png, svg+xml, jpeg or webp), at most {MAX_ICONS}. A light
        icon shows in light mode, a dark one in dark mode.
      </p>
      {fields.map((field, index) => {
        const row = rows[index];
        return (
          // Phone: source and remove on the first line, the theme under the source; wider: all on one line.
          <div key={field.id} data-testid="icon-row" className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[auto_minmax(0,1fr)_9rem_auto]">
            <span data-testid="icon-preview"
              className={cx("row-start-1 flex size-10 shrink-0 items-center justify-center rounded border border-slate-200 dark:border-slate-700", PREVIEW_BACKGROUND[row?.theme ?? ""])}>
              <ServerIcon name={serverName || "?"} icons={row?.src.trim() ? [{ src: row.src.trim() }] : []} size="sm" />
            </span>
            <RowInput name={`icons.${index}.src`} label={`Icon ${index + 1} source`} placeholder="https://… or data:image/png;base64,…" className="col-start-2 row-start-1" />
            <Select {...register(`icons.${index}.theme`)} aria-label={`Theme of icon ${index + 1}`} className="col-start-2 row-start-2 sm:col-start-3 sm:row-start-1">
              <option value="">Any theme</option>
              <option value="light">Light</option>
              <option value="dark">Dark</option>
            </Select>
            <Button size="sm" variant="ghost" className="col-start-3 row-start-1 mt-1 sm:col-start-4" aria-label={`Remove icon ${index + 1}`} onClick={() => remove(index)}>×</Button>
          </div>
        );
      })}
      {listError && <FieldError>{listError}</FieldError>}
      <Button size="sm" className="self-start" disabled={fields.length >= MAX_ICONS} onClick={() => append({ src: "", theme: "", openedSrc: "", extra: {} })}>
        Add icon
      </Button>
    </fieldset>
  );
}
