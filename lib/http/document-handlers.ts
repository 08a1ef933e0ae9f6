import type { Visibility } from "../auth/visibility";
import { json, noContent } from "./responses";
import type { RouteContext } from "./route";

/**
 * The handlers capabilities and agents share (their routes differ only in which data functions they call):
 * each answers the stored document, shaped by `toBody` for what the caller may see, with its revision as ETag.
 */
type Saved = { name: string; revision: number };
type ToBody<T> = (document: T, visibility: Visibility) => unknown;
type WriteOptions = { ifMatch: string | null; actor: string };

const answer = <T extends Saved>(document: T, toBody: ToBody<T>, visibility: Visibility, init: { status?: number; headers?: Record<string, string> } = {}) =>
  json(toBody(document, visibility), { ...init, revision: document.revision });

/** POST to the collection: 201 with Location. */
export function createHandler<T extends Saved, B>(create: (body: B, options: { actor: string }) => Promise<T>, toBody: ToBody<T>, collectionPath: string) {
  return async ({ body, actor, visibility }: RouteContext<unknown, unknown, B>) => {
    const document = await create(body, { actor });
    return answer(document, toBody, visibility, { status: 201, headers: { Location: `${collectionPath}/${encodeURIComponent(document.name)}` } });
  };
}

/** PUT or PATCH of `:name`, honouring If-Match. */
export function writeHandler<T extends Saved, B>(write: (name: string, body: B, options: WriteOptions) => Promise<T>, toBody: ToBody<T>) {
  return async ({ params, body, ifMatch, actor, visibility }: RouteContext<{ name: string }, unknown, B>) =>
    answer(await write(params.name, body, { ifMatch, actor }), toBody, visibility);
}

/** POST …/revisions/:n/restore: a new revision equal to n, honouring If-Match. */
export function restoreHandler<T extends Saved>(restore: (name: string, revision: number, options: WriteOptions) => Promise<T>, toBody: ToBody<T>) {
  return async ({ params, ifMatch, actor, visibility }: RouteContext<{ name: string; n: number }, unknown, unknown>) =>
    answer(await restore(params.name, params.n, { ifMatch, actor }), toBody, visibility);
}

/** DELETE `:name`; `?force=true` deletes what is still used. */
export function deleteHandler(remove: (name: string, options: WriteOptions & { force: boolean }) => Promise<unknown>) {
  return async ({ params, query, ifMatch, actor }: RouteContext<{ name: string }, { force: boolean }, unknown>) => {
    await remove(params.name, { ifMatch, actor, force: query.force });
    return noContent();
  };
}
