import { secretCheckOf } from "../auth/keep-secrets";
import type { Visibility } from "../auth/visibility";
import type { SecretCheck } from "../data/entity-store";
import { json, noContent } from "./responses";
import type { RouteContext } from "./route";

/**
 * The handlers capabilities and agents share (their routes differ only in which data functions they call):
 * each answers the stored document, shaped by `toBody` for what the caller may see, with its revision as ETag.
 */
type Saved = { name: string; revision: number };
type ToBody<T> = (document: T, visibility: Visibility) => unknown;
type WriteOptions = { ifMatch: string | null; actor: string };
/** Writes that may move an inline config's literal secrets are checked (DESIGN §14); `?keep_secrets=true` is an admin's. */
type CheckedWriteOptions = WriteOptions & { secrets: SecretCheck };
type KeepSecretsQuery = { keep_secrets: boolean };

const answer = <T extends Saved>(document: T, toBody: ToBody<T>, visibility: Visibility, init: { status?: number; headers?: Record<string, string> } = {}) =>
  json(toBody(document, visibility), { ...init, revision: document.revision });

/** POST to the collection: 201 with Location; 409 when reference parameters would send a server's secrets elsewhere. */
export function createHandler<T extends Saved, B>(create: (body: B, options: { actor: string; secrets: SecretCheck }) => Promise<T>, toBody: ToBody<T>, collectionPath: string) {
  return async ({ body, actor, principal, visibility }: RouteContext<unknown, unknown, B>) => {
    const document = await create(body, { actor, secrets: secretCheckOf(false, principal) });
    return answer(document, toBody, visibility, { status: 201, headers: { Location: `${collectionPath}/${encodeURIComponent(document.name)}` } });
  };
}

/** PUT or PATCH of `:name`, honouring If-Match; 409 when an inline config's literal secrets would move. */
export function writeHandler<T extends Saved, B>(write: (name: string, body: B, options: CheckedWriteOptions) => Promise<T>, toBody: ToBody<T>) {
  return async ({ params, query, body, ifMatch, actor, principal, visibility }: RouteContext<{ name: string }, KeepSecretsQuery, B>) =>
    answer(await write(params.name, body, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) }), toBody, visibility);
}

/** POST …/revisions/:n/restore: a new revision equal to n, honouring If-Match; re-checks the literal secrets' destinations. */
export function restoreHandler<T extends Saved>(restore: (name: string, revision: number, options: CheckedWriteOptions) => Promise<T>, toBody: ToBody<T>) {
  return async ({ params, query, ifMatch, actor, principal, visibility }: RouteContext<{ name: string; n: number }, KeepSecretsQuery, unknown>) =>
    answer(await restore(params.name, params.n, { ifMatch, actor, secrets: secretCheckOf(query.keep_secrets, principal) }), toBody, visibility);
}

/** DELETE `:name`; `?force=true` deletes what is still used. */
export function deleteHandler(remove: (name: string, options: WriteOptions & { force: boolean }) => Promise<unknown>) {
  return async ({ params, query, ifMatch, actor }: RouteContext<{ name: string }, { force: boolean }, unknown>) => {
    await remove(params.name, { ifMatch, actor, force: query.force });
    return noContent();
  };
}
