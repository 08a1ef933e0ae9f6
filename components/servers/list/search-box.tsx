"use client";

import { useEffect, useRef, useState } from "react";

import { Input } from "@/components/ui/input";

const DEBOUNCE_MS = 120;

/** Search that waits for a pause in typing before it changes the URL (and so the query). */
export function SearchBox({ value, onSearch, placeholder = "Name, description, tag or owner" }: { value: string; onSearch: (search: string) => void; placeholder?: string }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  // Back/forward or a cleared filter changes the URL under us: follow it.
  useEffect(() => {
    if (value !== sent.current) { sent.current = value; setText(value); }
  }, [value]);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = setTimeout(() => { sent.current = text.trim(); onSearch(text.trim()); }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  return (
    <div className="flex w-full min-w-0 flex-col gap-1 md:w-auto md:flex-1">
      <label htmlFor="server-search" className="text-sm font-medium">Search</label>
      <Input
        id="server-search"
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
      />
    </div>
  );
}
