import { readdirSync, readFileSync } from "node:fs";

type ProcessEntry = { pid: number; ppid: number; pgid: number; cmdline: string };

/** Every live process that descends from `root`, read from /proc (Linux): pid, parent, process group, command line. */
export function descendantsOf(root: number): ProcessEntry[] {
  const all = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => readEntry(Number(entry)));
  const found: ProcessEntry[] = [];
  let parents = new Set([root]);
  while (parents.size) {
    const children = all.filter((entry) => parents.has(entry.ppid));
    found.push(...children);
    parents = new Set(children.map((entry) => entry.pid));
  }
  return found;
}

/** Every live process whose command line contains `text`, read from /proc (Linux). */
export function processesRunning(text: string): ProcessEntry[] {
  return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => readEntry(Number(entry))).filter((entry) => entry.cmdline.includes(text));
}

/** Whether any process of group `pgid` is alive: `kill(-pgid, 0)` fails with ESRCH once the whole group is gone. */
export function isProcessGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
    throw error;
  }
}

function readEntry(pid: number): ProcessEntry[] {
  try {
    // The command name may hold spaces and parentheses: fields start after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    return [{ pid, ppid: Number(fields[1]), pgid: Number(fields[2]), cmdline }];
  } catch {
    return []; // exited while we read
  }
}
