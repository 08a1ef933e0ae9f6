"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";

import { useIsHydrated } from "@/lib/hooks/use-is-hydrated";
import { cx } from "../ui/class-names";
import { NavLink } from "./nav-link";

export type NavEntry = { href: string; label: string };

/**
 * The main navigation: a row of links from 640 px up; below that, one "Menu" button that opens them as a
 * column (closed again by choosing a page or Escape), so a phone's header stays one line high.
 */
export function MainNav({ entries }: { entries: NavEntry[] }) {
  const [isOpen, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const pathname = usePathname();
  const isHydrated = useIsHydrated();
  useEffect(() => setOpen(false), [pathname]);

  // Focus goes back to the Menu button: the link that had it is hidden with the list, which would drop it to <body>.
  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== "Escape" || !isOpen) return;
    setOpen(false);
    menuButton.current?.focus();
  }

  return (
    <nav aria-label="Main" onKeyDown={closeOnEscape} data-hydrated={isHydrated || undefined}>
      <button ref={menuButton} type="button" aria-expanded={isOpen} aria-controls="main-nav-links" onClick={() => setOpen(!isOpen)}
        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:hidden dark:border-slate-700 dark:hover:bg-slate-800">
        Menu
      </button>
      <ul id="main-nav-links" className={cx(
        "absolute inset-x-0 top-full z-20 flex-col gap-1 border-b border-slate-200 bg-white p-2 shadow-sm dark:border-slate-800 dark:bg-slate-950",
        "sm:static sm:flex sm:flex-row sm:flex-wrap sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:dark:bg-transparent",
        isOpen ? "flex" : "hidden",
      )}>
        {entries.map((entry) => <li key={entry.href} className="flex"><NavLink href={entry.href}>{entry.label}</NavLink></li>)}
      </ul>
    </nav>
  );
}
