"use client";

import { useState, type DragEvent } from "react";

export type PickedFile = { name: string; text: string };

/** A file input that also takes a dropped file; the input stays focusable (visually hidden), so keyboards can use it. */
export function FilePicker({ file, onFile }: { file: PickedFile | null; onFile: (file: PickedFile) => void }) {
  const [isOver, setIsOver] = useState(false);

  async function take(picked: File | undefined) {
    if (picked) onFile({ name: picked.name, text: await picked.text() });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setIsOver(false);
    void take(event.dataTransfer.files[0]);
  }

  return (
    <div
      onDragOver={(event) => { event.preventDefault(); setIsOver(true); }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      data-testid="import-drop-zone"
      className={`rounded-lg border-2 border-dashed p-6 text-center text-sm ${isOver ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950" : "border-slate-300 dark:border-slate-700"}`}
    >
      <input
        id="import-file"
        type="file"
        accept=".json,.jsonc,.md,application/json,text/plain,text/markdown"
        className="peer sr-only"
        onChange={(event) => void take(event.target.files?.[0])}
      />
      <label
        htmlFor="import-file"
        className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50 peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
      >
        Choose a file
      </label>
      <span className="ml-2 text-slate-600 dark:text-slate-400">or drop it here</span>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        {file ? <>Selected: <span className="font-mono text-slate-900 dark:text-slate-100">{file.name}</span> ({formatSize(file.text.length)})</> : "JSON or JSONC (or a markdown tool registry), up to 32 MiB."}
      </p>
    </div>
  );
}

function formatSize(characters: number): string {
  return characters < 1024 * 1024 ? `${Math.max(1, Math.round(characters / 1024))} KB` : `${(characters / 1024 / 1024).toFixed(1)} MB`;
}
