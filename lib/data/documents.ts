import type { ZodType } from "zod";

import type { Tx } from "../db";
import { getDb } from "../db";
import { ConflictError, InvalidInputError, NotFoundError, PreconditionFailedError } from "../errors";
import { keepMaskedValues } from "../resolve/masked-values";
import { withoutServerSetFields } from "../schemas/document";
import type { RevisionAction } from "../schemas/revision";
import { applyMergePatch } from "./merge-patch";
import { assertIfMatch } from "./preconditions";
import { isUniqueViolation } from "./prisma-errors";
import { assertTargetsExist, replaceReferences, type ReferenceTarget } from "./references";
import { getRevision, listRevisions, recordRevision } from "./revisions";
import { definitionOf, tableOf, toStoredDocument, type DocumentKind } from "./document-table";
import { describeUsers, isUsed, type UsedBy } from "./used-by";
import type { WriteOptions } from "./servers";

type Definition = { name: string; description: string };

/** What differs between capabilities and agents; everything else about storing them is the same. */
export type DocumentSpec<T extends Definition> = {
  kind: DocumentKind;
  /** "Capability", "Agent": the start of messages */
  noun: string;
  schema: ZodType<T>;
  targetsOf: (definition: T) => ReferenceTarget[];
  /** Who references one; a document nobody can reference leaves it out. */
  usersOf?: (name: string, tx: Tx) => Promise<UsedBy>;
};

export type Stored<T> = T & { created_at: string; modified_at: string; revision: number };

export async function getDocument<T extends Definition>(spec: DocumentSpec<T>, name: string) {
  const row = await tableOf(getDb(), spec.kind).findUnique({ where: { name } });
  if (!row) throw notFound(spec, name);
  return { ...toStoredDocument<T>(row), id: row.id };
}

export async function createDocument<T extends Definition>(spec: DocumentSpec<T>, input: T, { actor }: WriteOptions) {
  return getDb().$transaction((tx) => insertDocument(tx, spec, input, actor, "create"));
}

/** The one insert of a new document, inside the caller's transaction (imports share it). */
export async function insertDocument<T extends Definition>(tx: Tx, spec: DocumentSpec<T>, input: T, actor: string, action: RevisionAction) {
  const table = tableOf(tx, spec.kind);
  if (await table.findUnique({ where: { name: input.name } })) throw nameTaken(spec, input.name);
  const targets = spec.targetsOf(input);
  await assertTargetsExist(tx, `${spec.noun} '${input.name}'`, targets);

  const now = new Date();
  const row = await table
    .create({ data: { name: input.name, description: input.description, definition: JSON.stringify(input), revision: 1, createdAt: now, modifiedAt: now } })
    .catch((error) => { throw isUniqueViolation(error) ? nameTaken(spec, input.name) : error; });
  await replaceReferences(tx, spec.kind, { to: input.name }, targets);
  await recordRevision(tx, { entityType: spec.kind, entityId: row.id, entityName: row.name, revision: 1, action, actor, at: now, snapshot: input });
  return toStoredDocument<T>(row);
}

/** PUT: the whole definition; a different `name` renames, refused while anything references the document. */
export async function replaceDocument<T extends Definition>(spec: DocumentSpec<T>, name: string, input: T, options: WriteOptions, action: RevisionAction = "update") {
  return getDb().$transaction((tx) => writeDocument(tx, spec, name, () => input, options, action));
}

/** PATCH: a JSON merge patch over the definition as stored, validated whole afterwards. */
export async function patchDocument<T extends Definition>(spec: DocumentSpec<T>, name: string, patch: Record<string, unknown>, options: WriteOptions) {
  return getDb().$transaction((tx) =>
    writeDocument(tx, spec, name, (current) => spec.schema.parse(withoutServerSetFields(applyMergePatch(current, patch))), options, "update"),
  );
}

export async function restoreDocumentRevision<T extends Definition>(spec: DocumentSpec<T>, name: string, revision: number, options: WriteOptions) {
  const current = await getDocument(spec, name);
  const { snapshot } = await getRevision(spec.kind, current.id, name, revision);
  return replaceDocument(spec, name, spec.schema.parse(snapshot), options, "restore");
}

export async function deleteDocument<T extends Definition>(spec: DocumentSpec<T>, name: string, { ifMatch, actor, force }: WriteOptions & { force: boolean }) {
  await getDb().$transaction(async (tx) => {
    const table = tableOf(tx, spec.kind);
    const current = await table.findUnique({ where: { name } });
    if (!current) throw notFound(spec, name);
    assertIfMatch(ifMatch, current.revision);

    const usedBy = await spec.usersOf?.(name, tx);
    if (usedBy && isUsed(usedBy) && !force) {
      throw new ConflictError(`${spec.noun} '${name}' is referenced by ${describeUsers(usedBy)}; delete with ?force=true to remove it anyway.`, { used_by: usedBy });
    }
    await recordRevision(tx, {
      entityType: spec.kind, entityId: current.id, entityName: name, revision: current.revision + 1,
      action: "delete", actor, at: new Date(), snapshot: definitionOf(current),
    });
    await replaceReferences(tx, spec.kind, { from: name }, []);
    await table.delete({ where: { id: current.id } });
  });
}

export async function listDocumentRevisions<T extends Definition>(spec: DocumentSpec<T>, name: string) {
  const { id } = await getDocument(spec, name);
  return listRevisions(spec.kind, id);
}

export async function getDocumentRevision<T extends Definition>(spec: DocumentSpec<T>, name: string, revision: number) {
  const { id } = await getDocument(spec, name);
  return getRevision(spec.kind, id, name, revision);
}

/** The one write path of an existing document, inside the caller's transaction (adopt-inline shares it). */
export async function writeDocument<T extends Definition>(
  tx: Tx,
  spec: DocumentSpec<T>,
  name: string,
  nextDefinition: (current: T) => T,
  { ifMatch, actor }: WriteOptions,
  action: RevisionAction,
): Promise<Stored<T>> {
  const table = tableOf(tx, spec.kind);
  const current = await table.findUnique({ where: { name } });
  if (!current) throw notFound(spec, name);
  assertIfMatch(ifMatch, current.revision);

  const stored = definitionOf<T>(current);
  const input = keepStoredSecrets(nextDefinition(stored), stored);
  if (input.name !== name) await assertRenamable(tx, spec, name, input.name);
  const targets = spec.targetsOf(input);
  await assertTargetsExist(tx, `${spec.noun} '${input.name}'`, targets);

  const now = new Date();
  const revision = current.revision + 1;
  // The revision check and the write are one statement: of racing writers with one If-Match, one wins.
  const { count } = await table.updateMany({
    where: { id: current.id, revision: current.revision },
    data: { name: input.name, description: input.description, definition: JSON.stringify(input), revision, modifiedAt: now },
  });
  if (count === 0) throw new PreconditionFailedError();

  await replaceReferences(tx, spec.kind, { from: name, to: input.name }, targets);
  await recordRevision(tx, { entityType: spec.kind, entityId: current.id, entityName: input.name, revision, action, actor, at: now, snapshot: input });
  return toStoredDocument<T>({ definition: JSON.stringify(input), revision, createdAt: current.createdAt, modifiedAt: now }) as Stored<T>;
}

async function assertRenamable<T extends Definition>(tx: Tx, spec: DocumentSpec<T>, from: string, to: string) {
  if (await tableOf(tx, spec.kind).findUnique({ where: { name: to } })) throw nameTaken(spec, to);
  const usedBy = await spec.usersOf?.(from, tx);
  if (usedBy && isUsed(usedBy)) {
    throw new ConflictError(`${spec.noun} '${from}' cannot be renamed while referenced by ${describeUsers(usedBy)}.`, { used_by: usedBy });
  }
}

/** Masked values (`••••`) sent back mean "unchanged": an inline config's literal secrets keep their stored value. */
function keepStoredSecrets<T>(input: T, stored: T): T {
  const { value, errors } = keepMaskedValues(input, stored);
  if (errors.length) throw new InvalidInputError("Masked values can only stand for values already stored.", errors);
  return value as T;
}

function notFound(spec: { noun: string }, name: string) {
  return new NotFoundError(`${spec.noun} '${name}' does not exist.`);
}

function nameTaken(spec: { noun: string }, name: string) {
  return new ConflictError(`A ${spec.noun.toLowerCase()} named '${name}' already exists.`);
}
