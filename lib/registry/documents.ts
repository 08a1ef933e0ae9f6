import type { ZodType } from "zod";

import type { Visibility } from "../auth/visibility";
import type { Tx } from "../db";
import type { FieldError } from "../errors";
import { maskInlineSecrets, movedInlineSecrets } from "../resolve/inline-secrets";
import { inlineWarnings } from "../resolve/references";
import { withoutServerSetFields, type DocumentListQuery } from "../schemas/document";
import type { McpServerReferences } from "../schemas/reference";
import type { RevisionAction } from "../schemas/revision";
import { listDocuments } from "./document-list";
import { definitionOf, toStoredDocument, type DocumentKind, type DocumentRow } from "./document-table";
import { findEntity, insertEntity, keepMaskedDefinition, operationsOf, writeEntity, type EntitySpec, type WriteOptions } from "../data/entity-store";
import { assertReferencedSecretsStay } from "./secret-destination-checks";
import { assertTargetsExist, replaceReferences, type ReferenceTarget } from "./references";
import { referencedBy, type UsedBy } from "./used-by";

type Definition = { name: string; description: string; tags?: string[]; mcp_servers?: McpServerReferences };

export type Stored<T> = T & { created_at: string; modified_at: string; revision: number };

/** A capability or an agent: a versioned entity whose references live in Reference rows. */
export type DocumentSpec<T extends Definition> = EntitySpec<T, DocumentRow, Stored<T>> & { kind: DocumentKind; schema: ZodType<T> };

/** What differs between capabilities and agents; everything else about storing them is the same. */
export function documentSpec<T extends Definition>({ kind, noun, schema, targetsOf, usersOf }: {
  kind: DocumentKind;
  /** "Capability", "Agent": the start of messages */
  noun: string;
  schema: ZodType<T>;
  targetsOf: (definition: T) => ReferenceTarget[];
  /** Who references one; a document nobody can reference leaves it out. */
  usersOf?: (name: string, tx: Tx) => Promise<UsedBy>;
}): DocumentSpec<T> {
  return {
    kind,
    schema,
    type: kind,
    noun,
    aNoun: `A ${noun.toLowerCase()}`,
    normalize: withoutServerSetFields,
    parse: (input) => schema.parse(input),
    definitionOf: (row) => definitionOf<T>(row),
    columnsOf: (input) => ({ name: input.name, description: input.description, definition: JSON.stringify(input) }),
    snapshotOf: (row) => definitionOf<T>(row),
    toOutput: (row) => toStoredDocument<T>(row) as Stored<T>,
    // An inline config's literal secrets are masked like a server's.
    keepMasked: (input, current) => keepMaskedDefinition(input, definitionOf<T>(current)),
    // …and may not follow an inline config to another destination (DESIGN §14), as a server's may not.
    movedSecrets: (current, next, supplied) => movedInlineSecrets(definitionOf<T>(current), next, supplied),
    assertTargets: (tx, input) => assertTargetsExist(tx, `${noun} '${input.name}'`, targetsOf(input)),
    // …and its references' parameters may not send a server's secrets elsewhere (DESIGN §14).
    assertSecretsStay: (tx, input) => assertReferencedSecretsStay(tx, `${noun} '${input.name}'`, input.mcp_servers),
    usersOf: usersOf && (async (name, tx) => referencedBy(await usersOf(name, tx))),
    writeIndexes: (tx, _id, input, names) => replaceReferences(tx, kind, names, targetsOf(input)),
    beforeDelete: (tx, current) => replaceReferences(tx, kind, { from: current.name }, []),
  };
}

/**
 * The operations the routes call, for one kind of document (`key` and `listKey` name it in bodies): revisions
 * are masked for who may not read secrets, and every single-document body carries its inline-config warnings.
 */
export function documentOperations<T extends Definition, Key extends string, ListKey extends string, Summary>(
  spec: DocumentSpec<T>,
  { key, listKey, toSummary, remedy }: {
    key: Key;
    listKey: ListKey;
    toSummary: (row: { definition: T; modifiedAt: Date }) => Summary;
    /** How to move a legacy inline config into the registry, for its warning. */
    remedy?: (name: string) => string;
  },
) {
  const { getRevision, ...operations } = operationsOf(spec);
  return {
    ...operations,
    get: async (name: string): Promise<Stored<T>> => toStoredDocument<T>(await findEntity(spec, name)) as Stored<T>,
    getRevision: async (name: string, revision: number, { canReadStoredSecrets }: Visibility) => {
      const found = await getRevision(name, revision);
      return canReadStoredSecrets ? found : { ...found, snapshot: maskInlineSecrets(found.snapshot) };
    },
    list: async (query: DocumentListQuery) => {
      const { page, next_cursor } = await listDocuments<T>(spec.kind, query);
      return { [listKey]: page.map(toSummary), next_cursor } as Record<ListKey, Summary[]> & { next_cursor: string | null };
    },
    toBody: (document: T, { canReadStoredSecrets }: Visibility) => {
      const warnings = inlineWarnings(document.mcp_servers, `${spec.kind} ${document.name}`, remedy?.(document.name));
      return { [key]: canReadStoredSecrets ? document : maskInlineSecrets(document), warnings } as Record<Key, T> & { warnings: FieldError[] };
    },
  };
}

/** The one insert of a new document, inside the caller's transaction (imports share it). */
export function insertDocument<T extends Definition>(tx: Tx, spec: DocumentSpec<T>, input: T, actor: string, action: RevisionAction) {
  return insertEntity(tx, spec, input, { actor }, action);
}

/** The one write path of an existing document, inside the caller's transaction (imports and adopt-inline share it). */
export function writeDocument<T extends Definition>(
  tx: Tx,
  spec: DocumentSpec<T>,
  name: string,
  nextDefinition: (current: T) => T,
  options: WriteOptions,
  action: RevisionAction,
): Promise<Stored<T>> {
  return writeEntity(tx, spec, name, (row) => nextDefinition(definitionOf<T>(row)), options, action);
}
