"use client";

import { useEffect, useId, useRef, type ReactNode, type RefObject } from "react";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; the first focusable element gets focus when the dialog opens. */
  actions: ReactNode;
  size?: "md" | "lg";
};

/** A native <dialog> shown as a modal while `open` (focus trapped, Escape closes it), and closed when not. */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/** A modal on the native <dialog>: focus is trapped, Escape closes, focus returns to the opener. */
export function Dialog({ open, onClose, title, children, actions, size = "md" }: DialogProps) {
  const ref = useModalDialog(open);
  const titleId = useId();

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className={`m-auto w-[calc(100%-2rem)] ${size === "lg" ? "max-w-3xl" : "max-w-lg"} rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100`}
    >
      {open && (
        <div className="flex max-h-[85vh] flex-col">
          <h2 id={titleId} className="px-5 pt-5 text-lg font-semibold">{title}</h2>
          <div className="overflow-y-auto px-5 py-3 text-sm">{children}</div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3 dark:border-slate-700">{actions}</div>
        </div>
      )}
    </dialog>
  );
}
