"use client";

import { Select } from "@/components/ui/select";

/** Picks the environment whose values the page shows; an unknown one from a shared link stays selectable. */
export function EnvironmentPicker({ value, known, onChange }: { value: string; known: string[]; onChange: (environment: string) => void }) {
  const options = known.includes(value) ? known : [value, ...known];
  return (
    <div className="flex flex-col gap-1 sm:w-64">
      <label htmlFor="variables-environment" className="text-sm font-medium">Environment</label>
      <Select id="variables-environment" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((name) => <option key={name} value={name}>{name}</option>)}
      </Select>
    </div>
  );
}
