import { useEffect, useRef, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

import { clearDraft, readDraft, writeDraft, type DraftKey } from "./form-drafts";

export type RestoredDraft = { savedAt: string; revision?: number; discard: () => void };

/**
 * Keeps what is typed into `form` in localStorage (by form and entity) so a crash or a reload loses nothing:
 * restored once on load, rewritten on every change that differs from what was loaded, removed when the
 * values return to it, by `clear()` after a successful save, or by discarding it.
 */
export function useFormDraft<Values extends FieldValues, Output>(form: UseFormReturn<Values, unknown, Output>, key: DraftKey) {
  const [restored, setRestored] = useState<RestoredDraft | null>(null);
  const isSaved = useRef(false);
  const identity = `${key.form}:${key.entity}`;

  useEffect(() => {
    const loaded = form.formState.defaultValues as Values;
    const loadedText = JSON.stringify(loaded);
    const draft = readDraft<Values>(key);
    if (draft && JSON.stringify(draft.values) !== loadedText) {
      // Dirty against what was loaded: leaving still asks, and saving sends the draft.
      form.reset(draft.values, { keepDefaultValues: true });
      setRestored({
        savedAt: draft.savedAt,
        revision: draft.revision,
        discard: () => { clearDraft(key); form.reset(loaded); setRestored(null); },
      });
    }

    const subscription = form.watch((values) => {
      if (isSaved.current) return; // the reset that follows a save is not a draft
      if (JSON.stringify(values) === loadedText) clearDraft(key);
      else writeDraft(key, values);
    });
    return () => subscription.unsubscribe();
    // Once per form and entity: `form` and `key` are new objects on every render.
  }, [identity]);

  return { restored, clear: () => { isSaved.current = true; clearDraft(key); setRestored(null); } };
}
