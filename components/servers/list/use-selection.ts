"use client";

import { useState } from "react";

/** The servers ticked on the page in view; `key` names that page, and a new key starts with none. */
export type Selection = { names: string[]; has: (name: string) => boolean; toggle: (name: string) => void; setAll: (names: string[]) => void };

export function useSelection(key: string): Selection {
  const [state, setState] = useState<{ key: string; names: string[] }>({ key, names: [] });
  const names = state.key === key ? state.names : [];
  const setAll = (next: string[]) => setState({ key, names: next });
  return {
    names,
    has: (name) => names.includes(name),
    toggle: (name) => setAll(names.includes(name) ? names.filter((other) => other !== name) : [...names, name]),
    setAll,
  };
}
