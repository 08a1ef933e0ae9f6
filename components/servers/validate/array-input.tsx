"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import type { FieldControlProps } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

type ArrayInputProps = { control: FieldControlProps; itemType: string; value: unknown[]; onChange: (value: unknown[] | undefined) => void };

/** Rows for an array of strings or numbers; empty rows send nothing. The first row carries the field's label. */
export function ArrayInput({ control, itemType, value, onChange }: ArrayInputProps) {
  const isNumeric = itemType !== "string";
  const [rows, setRows] = useState<string[]>(value.length ? value.map(String) : [""]);

  function update(next: string[]) {
    setRows(next);
    const items = next.filter((row) => row !== "").map((row) => (isNumeric ? Number(row) : row));
    onChange(items.length ? items : undefined);
  }

  return (
    <div className="flex flex-col gap-2">
      {rows.map((row, index) => (
        <div key={index} className="flex gap-2">
          <Input {...(index === 0 ? control : { "aria-label": `Item ${index + 1}` })} type={isNumeric ? "number" : "text"}
            value={row} onChange={(event) => update(rows.map((other, at) => (at === index ? event.target.value : other)))} />
          {rows.length > 1 && (
            <Button size="sm" variant="ghost" aria-label={`Remove item ${index + 1}`} onClick={() => update(rows.filter((_, at) => at !== index))}>×</Button>
          )}
        </div>
      ))}
      <Button size="sm" className="self-start" onClick={() => setRows([...rows, ""])}>Add item</Button>
    </div>
  );
}
