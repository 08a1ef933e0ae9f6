import { queryOptions } from "@tanstack/react-query";

import type { PersonView } from "../schemas/people";
import { fetchJson } from "./fetch-json";

export const peopleKeys = { all: ["people"] as const };

/** GET /api/people (admin): who signed in with the identity provider. */
export const peopleQuery = () =>
  queryOptions({ queryKey: peopleKeys.all, queryFn: async ({ signal }) => (await fetchJson<{ people: PersonView[] }>("/api/people", { signal })).people });
