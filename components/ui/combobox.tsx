"use client";

import { useId, useState, type KeyboardEvent } from "react";

import { cx } from "./class-names";
import type { FieldControlProps } from "./field";

type MultiComboboxProps = Partial<FieldControlProps> & {
  value: string[];
  onChange: (value: string[]) => void;
  suggestions: string[];
  /** What a new entry is called in "Create tag …". */
  noun?: string;
  placeholder?: string;
  maxOptions?: number;
  /** false: only the suggestions may be chosen; a typed name that is not one of them is refused. */
  allowCreate?: boolean;
};

/**
 * A multi-select that suggests known values and creates new ones (ARIA 1.2 combobox + listbox). The list
 * opens as you type or press ArrowDown and closes on Enter, Escape and blur; it takes its room in the page
 * rather than floating over what follows (the form's submit button).
 */
export function MultiCombobox({ value, onChange, suggestions, noun = "tag", placeholder, maxOptions = 8, allowCreate = true, ...control }: MultiComboboxProps) {
  const listId = useId();
  const [text, setText] = useState("");
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);

  const typed = text.trim();
  const matches = suggestions
    .filter((item) => !value.includes(item) && item.toLowerCase().includes(typed.toLowerCase()))
    .slice(0, maxOptions);
  const isNew = typed !== "" && !value.includes(typed) && !suggestions.includes(typed) && !typed.includes(",");
  const canCreate = allowCreate && isNew;
  const [refused, setRefused] = useState<string>();
  const options = [...matches.map((item) => ({ value: item, label: item })), ...(canCreate ? [{ value: typed, label: `Create ${noun} “${typed}”` }] : [])];
  const isExpanded = isOpen && options.length > 0;

  function add(item: string) {
    if (!value.includes(item)) onChange([...value, item]);
    setText("");
    setActive(0);
    setIsOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setIsOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((index) => (options.length ? (index + step + options.length) % options.length : 0));
    } else if ((event.key === "Enter" || event.key === ",") && (typed || isExpanded)) {
      event.preventDefault();
      const chosen = isExpanded ? options[Math.min(active, options.length - 1)] : undefined;
      if (chosen) add(chosen.value);
      else if (allowCreate || suggestions.includes(typed)) add(typed);
      else {
        setRefused(typed);
        setIsOpen(false);
      }
    } else if (event.key === "Escape" && isExpanded) {
      event.preventDefault();
      setIsOpen(false);
    } else if (event.key === "Backspace" && text === "" && value.length) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="relative">
      <div className={cx(
        "flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-white px-2 py-1.5 dark:bg-slate-900",
        "focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-600 dark:focus-within:outline-indigo-400",
        control["aria-invalid"] ? "border-red-600 dark:border-red-400" : "border-slate-300 dark:border-slate-700",
      )}>
        {value.map((item) => (
          <span key={item} className="inline-flex items-center gap-1 rounded bg-indigo-50 py-0.5 pr-0.5 pl-2 text-xs font-medium text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100">
            {item}
            <button type="button" onClick={() => onChange(value.filter((other) => other !== item))}
              aria-label={`Remove ${noun} ${item}`} className="rounded px-1 hover:bg-indigo-100 dark:hover:bg-indigo-900">×</button>
          </span>
        ))}
        <input
          {...control}
          role="combobox"
          aria-expanded={isExpanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={isExpanded ? `${listId}-${active}` : undefined}
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          onChange={(event) => { setText(event.target.value); setIsOpen(true); setActive(0); setRefused(undefined); }}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
          className="h-7 min-w-32 flex-1 border-0 bg-transparent px-1 text-sm outline-none focus-visible:outline-none"
        />
      </div>
      <ul id={listId} role="listbox" aria-label={`${noun} suggestions`} hidden={!isExpanded}
        className="mt-1 max-h-60 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {options.map((option, index) => (
          <li key={option.value + index} id={`${listId}-${index}`} role="option" aria-selected={index === active}
            onMouseDown={(event) => { event.preventDefault(); add(option.value); }}
            className={cx("cursor-pointer px-3 py-1.5", index === active && "bg-indigo-50 dark:bg-indigo-950")}>
            {option.label}
          </li>
        ))}
      </ul>
      {!allowCreate && isNew && (matches.length === 0 || refused === typed) && (
        <p role={refused === typed ? "alert" : undefined} className="mt-1 text-sm text-red-700 dark:text-red-400">No {noun} named “{typed}”.</p>
      )}
    </div>
  );
}
