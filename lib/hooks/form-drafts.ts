/** Which draft: the form and the entity it edits (`new` for a create form), and the revision it was opened at. */
export type DraftKey = { form: string; entity: string; revision?: number };
export type StoredDraft<Values> = { values: Values; savedAt: string; revision?: number };

const PREFIX = "patchbay.draft";

function storageKey({ form, entity }: DraftKey): string {
  return `${PREFIX}:${form}:${entity}`;
}

/** The draft saved for this form and entity, if any (and readable: storage may be off or full). */
export function readDraft<Values>(key: DraftKey): StoredDraft<Values> | null {
  try {
    const text = window.localStorage.getItem(storageKey(key));
    return text ? (JSON.parse(text) as StoredDraft<Values>) : null;
  } catch {
    return null;
  }
}

export function writeDraft<Values>(key: DraftKey, values: Values): void {
  const draft: StoredDraft<Values> = { values, savedAt: new Date().toISOString(), revision: key.revision };
  try {
    window.localStorage.setItem(storageKey(key), JSON.stringify(draft));
  } catch {
    // Storage off or full: the form still works, it just cannot survive a reload.
  }
}

export function clearDraft(key: DraftKey): void {
  try {
    window.localStorage.removeItem(storageKey(key));
  } catch {
    // nothing stored, nothing to clear
  }
}
