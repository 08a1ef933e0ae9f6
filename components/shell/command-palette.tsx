"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

import { agentListQuery } from "@/lib/query/agents";
import { capabilityListQuery } from "@/lib/query/capabilities";
import { serverSearchQuery } from "@/lib/query/servers";
import { toolCatalogQuery } from "@/lib/query/tools";

import { cx } from "../ui/class-names";
import { useModalDialog } from "../ui/dialog";
import type { NavEntry } from "./main-nav";

const OPEN_EVENT = "patchbay:command-palette";
/** Per kind: enough to find one by a few letters, few enough to read at a glance. */
const PER_KIND = 5;

type Choice = { id: string; kind: "Page" | "Server" | "Agent" | "Capability" | "Tool"; label: string; detail?: string; href: string };

/** The header's way in: "Go to…" opens the palette the keyboard opens with Ctrl+K (⌘K) or "/". */
export function CommandPaletteButton() {
  return (
    <button type="button" onClick={() => window.dispatchEvent(new Event(OPEN_EVENT))} aria-keyshortcuts="Control+K Meta+K /"
      className="rounded-md border border-slate-300 px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800">
      Go to… <kbd className="ml-1 font-sans text-xs text-slate-600 dark:text-slate-400">Ctrl K</kbd>
    </button>
  );
}

/**
 * The command palette (#31): one box that finds a page, a server, an agent, a capability or a tool by name, and
 * goes there. Ctrl+K (⌘K on a Mac) or "/" outside a text field opens it; arrows choose, Enter goes, Escape closes
 * and gives focus back. A combobox over a listbox (WAI-ARIA), so screen readers follow the active choice.
 */
export function CommandPalette({ pages }: { pages: NavEntry[] }) {
  const [isOpen, setOpen] = useState(false);
  const dialog = useModalDialog(isOpen);
  const opener = useRef<Element | null>(null);
  const headingId = useId();

  useEffect(() => {
    function open() {
      opener.current = document.activeElement;
      setOpen(true);
    }
    function onKeyDown(event: globalThis.KeyboardEvent) {
      const isShortcut = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k";
      const isSlash = event.key === "/" && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target);
      if (!isShortcut && !isSlash) return;
      event.preventDefault();
      open();
    }
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener(OPEN_EVENT, open);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener(OPEN_EVENT, open);
    };
  }, []);

  function close() {
    setOpen(false);
    if (opener.current instanceof HTMLElement) opener.current.focus();
  }

  return (
    // Named by its heading, which exists only while it is open: closed, it is no label other controls are found by.
    <dialog ref={dialog} aria-labelledby={headingId} onClose={close}
      className="mx-auto mt-[12vh] w-[calc(100%-2rem)] max-w-xl rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
      {isOpen && (
        <>
          <h2 id={headingId} className="sr-only">Command palette</h2>
          <PaletteSearch pages={pages} onDone={close} />
        </>
      )}
    </dialog>
  );
}

function PaletteSearch({ pages, onDone }: { pages: NavEntry[]; onDone: () => void }) {
  const router = useRouter();
  const listId = useId();
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const choices = useChoices(pages, text.trim());
  const current = choices[Math.min(active, choices.length - 1)];

  function go(choice: Choice | undefined) {
    if (!choice) return;
    onDone();
    router.push(choice.href);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (Math.min(index, choices.length - 1) + step + choices.length) % Math.max(1, choices.length));
    }
    if (event.key === "Enter") {
      event.preventDefault();
      go(current);
    }
  }

  return (
    <div className="flex flex-col">
      <input autoFocus type="text" role="combobox" aria-expanded={choices.length > 0} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={current ? `${listId}-${current.id}` : undefined} aria-label="Find a page, server, agent, capability or tool"
        placeholder="Find a page, server, agent, capability or tool…" value={text}
        onChange={(event) => { setText(event.target.value); setActive(0); }} onKeyDown={onKeyDown}
        className="w-full border-b border-slate-200 bg-transparent px-4 py-3 text-base outline-none dark:border-slate-700" />
      <ul id={listId} role="listbox" aria-label="Results" className="max-h-[50vh] overflow-y-auto py-1">
        {choices.map((choice) => (
          <li key={choice.id} id={`${listId}-${choice.id}`} role="option" aria-selected={choice === current}
            onMouseDown={(event) => event.preventDefault()} onClick={() => go(choice)}
            className={cx("flex cursor-pointer items-baseline gap-3 px-4 py-2 text-sm", choice === current && "bg-indigo-50 dark:bg-indigo-950")}>
            <span className="w-20 shrink-0 text-xs text-slate-500 dark:text-slate-400">{choice.kind}</span>
            <span className="font-medium">{choice.label}</span>
            {choice.detail && <span className="truncate text-slate-500 dark:text-slate-400">{choice.detail}</span>}
          </li>
        ))}
        {choices.length === 0 && <li role="presentation" className="px-4 py-3 text-sm text-slate-500 dark:text-slate-400">Nothing is named like “{text.trim()}”.</li>}
      </ul>
    </div>
  );
}

/** Pages first (filtered here), then what the API's searches answer for the text, a few of each kind. */
function useChoices(pages: NavEntry[], text: string): Choice[] {
  const isSearching = text.length > 0;
  const options = { enabled: isSearching, placeholderData: keepPreviousData } as const;
  const servers = useQuery({ ...serverSearchQuery(text), ...options });
  const agents = useQuery({ ...agentListQuery(text), ...options });
  const capabilities = useQuery({ ...capabilityListQuery(text), ...options });
  const tools = useQuery({ ...toolCatalogQuery({ search: text }), enabled: isSearching });

  const needle = text.toLowerCase();
  const pageChoices = pages.filter((page) => page.label.toLowerCase().includes(needle))
    .map((page): Choice => ({ id: `page-${page.href}`, kind: "Page", label: page.label, href: page.href }));
  if (!isSearching) return pageChoices;
  return [
    ...pageChoices,
    ...(servers.data ?? []).slice(0, PER_KIND).map((server): Choice => ({ id: `server-${server.name}`, kind: "Server", label: server.name, detail: server.description, href: `/mcp-servers/${encodeURIComponent(server.name)}` })),
    ...(agents.data ?? []).slice(0, PER_KIND).map((agent): Choice => ({ id: `agent-${agent.name}`, kind: "Agent", label: agent.name, detail: agent.description, href: `/agents/${encodeURIComponent(agent.name)}` })),
    ...(capabilities.data ?? []).slice(0, PER_KIND).map((capability): Choice => ({ id: `capability-${capability.name}`, kind: "Capability", label: capability.name, detail: capability.description, href: `/capabilities/${encodeURIComponent(capability.name)}` })),
    ...uniqueTools(tools.data?.tools ?? []).slice(0, PER_KIND).map((tool): Choice => ({ id: `tool-${tool.server}-${tool.name}`, kind: "Tool", label: tool.name, detail: `on ${tool.server}`, href: `/mcp-servers/${encodeURIComponent(tool.server)}` })),
  ];
}

/** The catalog lists a tool once per environment it was seen in: the palette names each server's tool once. */
function uniqueTools<T extends { server: string; name: string }>(tools: T[]): T[] {
  const seen = new Set<string>();
  return tools.filter((tool) => {
    const key = `${tool.server}\u0000${tool.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName) || target.closest(".monaco-editor") !== null;
}
