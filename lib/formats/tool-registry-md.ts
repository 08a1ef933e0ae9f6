import type { FieldError } from "../errors";

/** `?format=tool-registry-md`: seed 002's markdown tool registry (DESIGN §11). */
export const TOOL_REGISTRY_FORMAT = "tool-registry-md";

export type RegistryTool = { name: string; description?: string; input_schema: Record<string, unknown> };
export type RegistryPolicy = { approval: "none" | "always" | "conditional"; notes?: string[] };
export type ToolRegistry = { tools: RegistryTool[]; policies: Record<string, RegistryPolicy>; errors: FieldError[] };

const SECTION = /^##\s+(.+?)\s*$/;
const FIELD = /^\*\*(.+?)\*\*:\s*(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const INPUT = /^`([^`]+)`\s*\(([^)]*)\)\s*(?::\s*(.*))?$/;

/**
 * Each `## NAME` section becomes a declared tool (its **Purpose** as description, its **Inputs** as `input_schema`)
 * and a policy entry: **Required Approval State** NONE → none, AWAITING_APPROVAL → always, CONDITIONAL (or both NONE
 * and AWAITING_APPROVAL, depending on the call) → conditional; the **Allowed Conditions** and any qualifier of the
 * state are kept as notes. A section without a name that makes a tool, or a line of inputs it cannot read, is an
 * error naming its line.
 */
export function parseToolRegistry(text: string): ToolRegistry {
  const tools: RegistryTool[] = [];
  const policies: Record<string, RegistryPolicy> = {};
  const errors: FieldError[] = [];
  let current: { name: string; line: number; purpose?: string; allowed: string[]; approval?: string; inputs: string[][] } | null = null;
  let list: "allowed" | "inputs" | null = null;

  const finish = () => {
    if (!current) return;
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
      current = { name, line: lineNumber, allowed: [], inputs: [] };
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
      else if (/^required approval state$/i.test(key)) current.approval = value;
      return;
    }
    const bullet = BULLET.exec(line);
    if (bullet && list === "allowed") current.allowed.push(bullet[1]);
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

function toEntry(section: { name: string; purpose?: string; allowed: string[]; approval?: string; inputs: string[][] }) {
  const properties: Record<string, Record<string, unknown>> = {};
  const required: string[] = [];
  for (const [name, spec, description] of section.inputs) {
    const [type, ...flags] = spec.split(",").map((part) => part.trim());
    properties[name] = { ...jsonType(type), ...(description && { description }) };
    if (flags.some((flag) => /^required$/i.test(flag))) required.push(name);
  }
  const input_schema = { type: "object", properties, ...(required.length > 0 && { required }) };
  const state = section.approval ?? "NONE";
  const notes = [...section.allowed, ...(approvalQualifier(state) ? [`Required approval state: ${state}`] : [])];
  return {
    tool: { name: section.name, ...(section.purpose && { description: section.purpose }), input_schema },
    policy: { approval: approvalOf(state), ...(notes.length > 0 && { notes }) } as RegistryPolicy,
  };
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
