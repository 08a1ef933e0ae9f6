import type { QueryClient } from "@tanstack/react-query";

import type { ReferenceRow } from "../forms/reference-rows";
import { serverQuery, validationQuery } from "./server-queries";

/**
 * The aliases whose parameters the registry's validate refuses (POST /api/mcp-servers/{name}/validate, the
 * server's own schema), asked now with the values as they are — cached answers reused. A server that can not
 * be loaded is left to the save, which names it.
 */
export async function invalidReferences(client: QueryClient, rows: ReferenceRow[], environment: string | undefined): Promise<string[]> {
  const verdicts = await Promise.all(rows.map(async (row) => {
    if (row.server === null) return null;
    try {
      const server = await client.fetchQuery(serverQuery(row.server));
      const result = await client.fetchQuery(validationQuery(row.server, { environment, parameters: row.parameters }, server.revision));
      return result.valid ? null : row.alias;
    } catch {
      return null;
    }
  }));
  return verdicts.filter((alias): alias is string => alias !== null);
}
