import type { Db, Tx } from "../db";

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
export type DocumentTable = {
  findUnique(args: { where: { name: string } }): Promise<DocumentRow | null>;
  findMany(args: object): Promise<DocumentRow[]>;
  create(args: { data: Omit<DocumentRow, "id"> }): Promise<DocumentRow>;
  updateMany(args: { where: { id: number; revision: number }; data: Partial<Omit<DocumentRow, "id">> }): Promise<{ count: number }>;
  delete(args: { where: { id: number } }): Promise<DocumentRow>;
};

export function tableOf(client: Db | Tx, kind: DocumentKind): DocumentTable {
  return (kind === "capability" ? client.capability : client.agent) as unknown as DocumentTable;
}

export function definitionOf<T>(row: { definition: string }): T {
  return JSON.parse(row.definition) as T;
}

/** What was entered, plus the server-set fields; key order as entered. */
export function toStoredDocument<T>(row: Pick<DocumentRow, "definition" | "revision" | "createdAt" | "modifiedAt">) {
  return {
    ...definitionOf<T>(row),
    created_at: row.createdAt.toISOString(),
    modified_at: row.modifiedAt.toISOString(),
    revision: row.revision,
  };
}
