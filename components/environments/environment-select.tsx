"use client";

import { useQuery } from "@tanstack/react-query";

import { Select } from "@/components/ui/select";
import { environmentsQuery } from "@/lib/query/servers";

/** The known environments; `value` undefined shows the registry's current one. */
export function EnvironmentSelect({ id, value, onChange }: { id: string; value: string | undefined; onChange: (environment: string) => void }) {
  const environments = useQuery(environmentsQuery());
  return (
    <div className="flex max-w-xs flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">Environment</label>
      <Select id={id} value={value ?? environments.data?.current ?? ""} onChange={(event) => onChange(event.target.value)}>
        {(environments.data?.environments ?? []).map((item) => <option key={item} value={item}>{item}</option>)}
      </Select>
    </div>
  );
}

/** The environment chosen, or the registry's current one until someone picks. */
export function useChosenEnvironment(chosen: string | undefined): string | undefined {
  const environments = useQuery(environmentsQuery());
  return chosen ?? environments.data?.current;
}
