"use client";

import Editor, { loader } from "@monaco-editor/react";
import * as monaco from "./monaco-json";

import { usePrefersDark } from "@/lib/hooks/use-prefers-dark";

// Monaco from this app's own bundle, never a CDN; its workers are bundled module workers.
self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === "json") {
      return new Worker(new URL("monaco-editor/language/json/json.worker.js", import.meta.url), { type: "module" });
    }
    return new Worker(new URL("monaco-editor/editor/editor.worker.js", import.meta.url), { type: "module" });
  },
};
loader.config({ monaco });

export type MonacoJsonEditorProps = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  ariaLabel: string;
  height?: string;
  /** Focus goes into the editor once it has loaded (it was opened on purpose, by a button that is gone). */
  autoFocus?: boolean;
};

/**
 * Loaded only in the browser (next/dynamic, ssr: false) and only on the pages that edit JSON. Tab moves focus
 * on, as everywhere else in the form (Monaco's tab-focus mode); Ctrl+M gives Tab back to the editor.
 */
export function MonacoJsonEditor({ value, onChange, onBlur, ariaLabel, height = "18rem", autoFocus = false }: MonacoJsonEditorProps) {
  const isDark = usePrefersDark();
  return (
    <>
      <Editor
        language="json"
        value={value}
        onChange={(next) => onChange(next ?? "")}
        onMount={(editor) => {
          if (onBlur) editor.onDidBlurEditorText(onBlur);
          if (autoFocus) editor.focus();
        }}
        theme={isDark ? "vs-dark" : "light"}
        height={height}
        loading={<p className="p-3 text-sm">Loading the editor…</p>}
        options={{
          ariaLabel,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          tabSize: 2,
          fontSize: 13,
          wordWrap: "on",
          automaticLayout: true,
          fixedOverflowWidgets: true,
          tabFocusMode: true,
        }}
      />
      <p className="border-t border-slate-200 px-3 py-1 text-xs text-slate-600 dark:border-slate-700 dark:text-slate-400">
        Tab moves to the next field. To indent with Tab, press <kbd className="font-mono">Ctrl</kbd>+<kbd className="font-mono">M</kbd> (<kbd className="font-mono">Ctrl</kbd>+<kbd className="font-mono">Shift</kbd>+<kbd className="font-mono">M</kbd> on a Mac).
      </p>
    </>
  );
}
