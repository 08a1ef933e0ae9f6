import type { Db, Tx } from "../db";
import type { EntityTable } from "../data/entity-store";
import { managedByOf } from "../data/managed-by";

export type DocumentKind = "capability" | "agent";

export type DocumentRow = {
  id: number;
  name: string;
  description: string;
  definition: string;
  revision: number;
  createdAt: Date;
  modifiedAt: Date;
};

/** The part of the Capability and Agent delegates the document store uses: the two tables have the same columns. */
export type DocumentTable = EntityTable<DocumentRow> & {
  findMany(args: object): Promise<DocumentRow[]>;
};

export function tableOf(client: Db | Tx, kind: DocumentKind): DocumentTable {
  return (kind === "capability" ? client.capability : client.agent) as unknown as DocumentTable;
}

export function definitionOf<T>(row: { definition: string }): T {
  return JSON.parse(row.definition) as T;
}

/** What was entered, plus the server-set fields; key order as entered. */
export function toStoredDocument<T>(row: Pick<DocumentRow, "definition" | "revision" | "createdAt" | "modifiedAt"> & { managedBy?: string | null }) {
  return {
    ...definitionOf<T>(row),
    created_at: row.createdAt.toISOString(),
    modified_at: row.modifiedAt.toISOString(),
    revision: row.revision,
    ...managedByOf(row),
  };
}
