"use client";

import { useQuery } from "@tanstack/react-query";

import { useDebouncedValue } from "@/lib/hooks/use-debounced-value";
import { nameAvailabilityQuery } from "@/lib/query/servers";
import { NAME_PATTERN, RESERVED_NAMES } from "@/lib/schemas/common";

export type NameAvailability = "idle" | "invalid" | "reserved" | "checking" | "available" | "taken";

/** Is `name` free? Asked once typing pauses, of the availability route (200 either way, so no failed request is logged). */
export function useNameAvailability(name: string, ownName?: string): NameAvailability {
  const typed = name.trim();
  const debounced = useDebouncedValue(typed, 300);
  const isCheckable = NAME_PATTERN.test(debounced) && !RESERVED_NAMES.has(debounced) && debounced !== ownName;

  const query = useQuery({ ...nameAvailabilityQuery(debounced), enabled: isCheckable });

  if (typed === "" || typed === ownName) return "idle";
  if (!NAME_PATTERN.test(typed)) return "invalid";
  if (RESERVED_NAMES.has(typed)) return "reserved";
  if (typed !== debounced || query.isFetching) return "checking";
  if (query.data === true) return "available";
  return query.data === false ? "taken" : "idle";
}
