// Reads a V8 .cpuprofile written by a Patchbay build: self and inclusive time by function and by file, mapped back to
// the sources through the build's source maps (used by the profile-* scripts; not a benchmark).
import fs from "node:fs";
import { SourceMap } from "node:module";

/** Source maps of the build's chunks, read once each. */
const maps = new Map();

/** Self time by function and by source file, and time inside each of our source files (inclusive), source-mapped through the build's maps. */
export function printTop(file) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  // PROFILE_FROM_S: only the samples after that many seconds, so the start (compiling, booting) does not count.
  const from = Number(process.env.PROFILE_FROM_S ?? 0) * 1e6;
  const hitsOf = new Map();
  let elapsed = 0;
  let total = 0;
  profile.samples.forEach((id, index) => {
    elapsed += profile.timeDeltas[index];
    if (elapsed < from) return;
    hitsOf.set(id, (hitsOf.get(id) ?? 0) + 1);
    total++;
  });
  const self = new Map();
  const selfByFile = new Map();
  const inclusiveByFile = new Map();
  const inclusiveByFunction = new Map();
  for (const [id, hits] of hitsOf) {
    const where = originalOf(byId.get(id).callFrame);
    self.set(where.label, (self.get(where.label) ?? 0) + hits);
    selfByFile.set(where.file, (selfByFile.get(where.file) ?? 0) + hits);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const { file: source, label } = originalOf(byId.get(at).callFrame);
      if (!seen.has(source)) inclusiveByFile.set(source, (inclusiveByFile.get(source) ?? 0) + hits);
      if (!seen.has(label)) inclusiveByFunction.set(label, (inclusiveByFunction.get(label) ?? 0) + hits);
      seen.add(source);
      seen.add(label);
    }
  }
  const top = Number(process.env.PROFILE_TOP ?? 30);
  const print = (title, map) => {
    console.log(`\n${title}`);
    for (const [key, hits] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${((100 * hits) / total).toFixed(1).padStart(5)}%  ${key}`);
  };
  console.log(`${file}: ${total} samples`);
  print("self time by function", self);
  print("self time by file", selfByFile);
  print("inclusive time by function", new Map([...inclusiveByFunction].filter(([label]) => /lib\/|undici/.test(label))));
  print("inclusive time by file (ours and packages)", new Map([...inclusiveByFile].filter(([source]) => !source.startsWith("node:") && source !== "(native)")));
}

function originalOf({ functionName, url, lineNumber, columnNumber }) {
  const name = functionName || "(anonymous)";
  if (!url) return { file: "(native)", label: name };
  if (!url.includes("/.next/")) {
    const file = url.replace(/^file:\/\//, "").replace(/^.*\/node_modules\//, "");
    return { file: file.startsWith("node:") ? "node:" + file.slice(5).split("/")[0] : file, label: `${name} ${file}:${lineNumber + 1}` };
  }
  const chunk = url.replace(/^file:\/\//, "");
  if (!maps.has(chunk)) {
    let map = null;
    try { map = new SourceMap(JSON.parse(fs.readFileSync(`${chunk}.map`, "utf8"))); } catch { /* no map */ }
    maps.set(chunk, map);
  }
  const entry = maps.get(chunk)?.findEntry(lineNumber, columnNumber);
  if (!entry?.originalSource) return { file: chunk.replace(/^.*\/\.next\//, ".next/"), label: `${name} ${chunk}:${lineNumber + 1}` };
  const source = entry.originalSource.replace(/^.*\[project\]\//, "").replace(/^turbopack:\/\/\/?/, "").replace(/^.*\/node_modules\//, "");
  return { file: source, label: `${entry.name ?? name} ${source}:${entry.originalLine + 1}` };
}
