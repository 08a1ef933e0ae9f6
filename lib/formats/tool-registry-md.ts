import type { FieldError } from "../errors";

/** `?format=tool-registry-md`: seed 002's markdown tool registry (DESIGN §11). */
export const TOOL_REGISTRY_FORMAT = "tool-registry-md";

export type RegistryTool = { name: string; description?: string; input_schema: Record<string, unknown>; output_description?: string };
export type RegistryPolicy = { approval: "none" | "always" | "conditional"; approval_when?: Record<string, unknown>; notes?: string[] };
export type ToolRegistry = { tools: RegistryTool[]; policies: Record<string, RegistryPolicy>; errors: FieldError[] };

const SECTION = /^##\s+(.+?)\s*$/;
const FIELD = /^\*\*(.+?)\*\*:\s*(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const INPUT = /^`([^`]+)`\s*\(([^)]*)\)\s*(?::\s*(.*))?$/;

/**
 * Each `## NAME` section becomes a declared tool (its **Purpose** as description, its **Inputs** as `input_schema` —
 * an input described as `"a" | "b"` or `A | B` as an `enum` —, its **Outputs** as `output_description`) and a policy
 * entry: **Required Approval State** NONE → none, AWAITING_APPROVAL → always, CONDITIONAL (or both NONE and
 * AWAITING_APPROVAL, depending on the call) → conditional; the **Allowed Conditions** and any qualifier of the state
 * are kept as notes, which approvers see. A conditional state whose condition can be checked mechanically gets the
 * `approval_when` that checks it (see conditionOf); any other asks on every call. A section without a name that
 * makes a tool, without a **Purpose**, or a line of inputs it cannot read, is an error naming its line.
 */
export function parseToolRegistry(text: string): ToolRegistry {
  const tools: RegistryTool[] = [];
  const policies: Record<string, RegistryPolicy> = {};
  const errors: FieldError[] = [];
  let current: Section | null = null;
  let list: "allowed" | "inputs" | "outputs" | null = null;

  const finish = () => {
    if (!current) return;
    if (current.purpose === undefined || current.purpose === "") {
      errors.push({ path: `/line/${current.line}`, message: `section '${current.name}' has no **Purpose**` });
      return;
    }
    const { tool, policy } = toEntry(current);
    tools.push(tool);
    policies[current.name] = policy;
  };

  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    const lineNumber = index + 1;
    const section = SECTION.exec(line);
    if (section) {
      finish();
      current = null;
      list = null;
      const name = section[1];
      if (!/^[A-Za-z0-9_.-]{1,200}$/.test(name)) {
        errors.push({ path: `/line/${lineNumber}`, message: `'${name}' is not a tool name (letters, digits, _ . -)` });
        return;
      }
      if (policies[name] || tools.some((tool) => tool.name === name)) {
        errors.push({ path: `/line/${lineNumber}`, message: `tool '${name}' appears twice` });
        return;
      }
      current = { name, line: lineNumber, allowed: [], inputs: [], outputs: [] };
      return;
    }
    if (!current) return;
    const field = FIELD.exec(line);
    if (field) {
      const [, key, value] = field;
      list = null;
      if (/^purpose$/i.test(key)) current.purpose = value;
      else if (/^allowed conditions$/i.test(key)) list = "allowed";
      else if (/^inputs$/i.test(key)) list = "inputs";
      else if (/^outputs$/i.test(key)) list = "outputs";
      else if (/^required approval state$/i.test(key)) current.approval = value;
      return;
    }
    const bullet = BULLET.exec(line);
    if (bullet && list === "allowed") current.allowed.push(bullet[1]);
    if (bullet && list === "outputs") current.outputs.push(bullet[1]);
    if (bullet && list === "inputs") {
      const input = INPUT.exec(bullet[1]);
      if (input) current.inputs.push([input[1], input[2], input[3] ?? ""]);
      else errors.push({ path: `/line/${lineNumber}`, message: "an input reads `name` (type, required|optional): description" });
    }
    if (line === "---" || /^#\s/.test(line)) list = null;
  });
  finish();
  return { tools, policies, errors };
}

type Section = { name: string; line: number; purpose?: string; allowed: string[]; approval?: string; inputs: string[][]; outputs: string[] };

function toEntry(section: Section): { tool: RegistryTool; policy: RegistryPolicy } {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const [name, spec, description] of section.inputs) {
    const [type, ...flags] = spec.split(",").map((part) => part.trim());
    properties[name] = { ...inputType(type, description), ...(description && { description }) };
    if (flags.some((flag) => /^required$/i.test(flag))) required.push(name);
  }
  const input_schema = { type: "object", properties, ...(required.length > 0 && { required }) };
  const state = section.approval ?? "NONE";
  const notes = [...section.allowed, ...(approvalQualifier(state) ? [`Required approval state: ${state}`] : [])];
  const approval = approvalOf(state);
  const approval_when = approval === "conditional" ? conditionOf(state, section.allowed, properties) : undefined;
  const output_description = section.outputs.join("\n");
  return {
    tool: { name: section.name, ...(section.purpose && { description: section.purpose }), input_schema, ...(output_description && { output_description }) },
    policy: { approval, ...(approval_when && { approval_when }), ...(notes.length > 0 && { notes }) },
  };
}

/** An input described only by alternatives (`"content" | "count"`, `low | high`) takes exactly those values. */
function inputType(type: string, description: string): Record<string, unknown> {
  const values = enumValues(description);
  if (values && /^(string|enum)$/i.test(type)) return { type: "string", enum: values };
  return jsonType(type);
}

function enumValues(description: string): string[] | null {
  const items = description.split("|").map((item) => item.trim());
  if (items.length < 2) return null;
  const values = items.map((item) => /^"([^"]*)"$/.exec(item)?.[1] ?? /^([\w.-]+)$/.exec(item)?.[1]);
  return values.every((value) => value !== undefined) ? (values as string[]) : null;
}

/**
 * The `approval_when` (over `{arguments, context, annotations}`, DESIGN §11) of a conditional state whose condition
 * a machine can check; undefined when it cannot (the state then asks on every call, its text shown to the approver):
 * - "destructive" in the state's qualifier (`CONDITIONAL (destructive operations only)`): unless the tool's
 *   annotations say `destructiveHint: false` or `readOnlyHint: true` — a tool that says nothing is destructive (MCP's
 *   default);
 * - an allowed condition `KEYWORD <input>s: no approval` (`SELECT queries: no approval`) naming a string input:
 *   unless that argument is one statement beginning with the keyword (anything else, a `;` before its end, or
 *   no such argument asks);
 * - NONE within a location (`Target location: Within Working/TASK_{ID}/`) with `AWAITING_APPROVAL` outside it:
 *   unless each `*_path` argument lies inside that location (placeholders match one path segment, `..` never).
 */
function conditionOf(state: string, allowed: string[], properties: Record<string, Record<string, unknown>>): Record<string, unknown> | undefined {
  if (/^CONDITIONAL\b.*destructive/i.test(state)) return DESTRUCTIVE;
  for (const condition of allowed) {
    const keyword = /^([A-Z]+(?:\s*\/\s*[A-Z]+)*)\s+(\w+?)(?:ies|s)?\s*:\s*no approval\b/.exec(condition);
    const input = keyword && [keyword[2], `${keyword[2]}y`].find((name) => properties[name]?.type === "string");
    if (keyword && input) return argumentNot(input, { type: "string", pattern: `^\\s*(?:${keyword[1].split("/").map((word) => caseless(word.trim())).join("|")})\\b[^;]*;?\\s*$` });
  }
  const location = allowed.map((condition) => /^target location:\s*within\s+(\S+)/i.exec(condition)?.[1]).find(Boolean);
  const paths = Object.keys(properties).filter((name) => /_path$/.test(name) && properties[name].type === "string");
  if (location && paths.length > 0 && /\bNONE\s*\(within\b/i.test(state)) {
    const inside = `^(?:[^/]*/)*${location.split(/\{[^}]*\}/).map(escapeRegExp).join("[^/]+")}`;
    return { anyOf: paths.map((name) => argumentNot(name, { type: "string", pattern: inside, not: { pattern: "(?:^|/)\\.\\.(?:/|$)" } })) };
  }
  return undefined;
}

/** The call needs approval unless the tool's annotations say it is read-only or not destructive. */
const DESTRUCTIVE = {
  properties: {
    annotations: {
      not: { anyOf: [{ properties: { destructiveHint: { const: false } }, required: ["destructiveHint"] }, { properties: { readOnlyHint: { const: true } }, required: ["readOnlyHint"] }] },
    },
  },
};

/** Matches a call whose argument `name` is absent or not accepted by `safe`. */
function argumentNot(name: string, safe: Record<string, unknown>): Record<string, unknown> {
  return { not: { properties: { arguments: { properties: { [name]: safe }, required: [name] } }, required: ["arguments"] } };
}

function caseless(word: string): string {
  return [...word].map((char) => `[${char.toUpperCase()}${char.toLowerCase()}]`).join("");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** `string`, `integer`, `array[string]` …: what JSON Schema calls them; anything else stays untyped, named in the description. */
function jsonType(type: string): Record<string, unknown> {
  const array = /^array\s*\[\s*(\w+)\s*\]$/i.exec(type);
  if (array) return { type: "array", items: jsonType(array[1]) };
  const known = ["string", "integer", "number", "boolean", "object", "array", "null"];
  const lower = type.toLowerCase();
  return known.includes(lower) ? { type: lower } : { $comment: `type as written: ${type}` };
}

function approvalOf(state: string): RegistryPolicy["approval"] {
  const upper = state.toUpperCase();
  if (upper.startsWith("CONDITIONAL")) return "conditional";
  const awaiting = upper.includes("AWAITING_APPROVAL");
  if (awaiting && /\bNONE\b/.test(upper)) return "conditional";
  return awaiting ? "always" : "none";
}

/** A state with more than its keyword (`NONE (read-only operation)`, `CONDITIONAL (new packages …)`) is worth a note. */
function approvalQualifier(state: string): boolean {
  return !/^(NONE|AWAITING_APPROVAL|CONDITIONAL)$/i.test(state.trim());
}
