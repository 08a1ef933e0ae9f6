"use client";

import { useState } from "react";

import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import type { PickedFile } from "./file-picker";

/** What the paste box hands on: text pasted stands in for a file of that name. */
export const PASTED_NAME = "pasted text";

/** The file's text pasted instead of picked (a config copied from a client's settings, a README snippet). */
export function PasteBox({ onPaste }: { onPaste: (file: PickedFile) => void }) {
  const [text, setText] = useState("");
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="import-paste" className="text-sm font-medium">Or paste its text</label>
      <Textarea id="import-paste" rows={6} value={text} spellCheck={false} onChange={(event) => setText(event.target.value)}
        className="font-mono text-xs" placeholder={'{"mcpServers": {"files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/data"]}}}'} />
      <Button className="self-start" disabled={text.trim() === ""} onClick={() => onPaste({ name: PASTED_NAME, text })}>Preview pasted text</Button>
    </div>
  );
}
