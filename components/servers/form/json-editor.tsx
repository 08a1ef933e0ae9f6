"use client";

import dynamic from "next/dynamic";

import type { MonacoJsonEditorProps } from "./monaco-json-editor";

/** Monaco stays out of the server render and out of every page that does not show an editor. */
export const JsonEditor = dynamic<MonacoJsonEditorProps>(
  () => import("./monaco-json-editor").then((module) => module.MonacoJsonEditor),
  { ssr: false, loading: () => <p className="p-3 text-sm text-slate-600 dark:text-slate-400">Loading the editor…</p> },
);
