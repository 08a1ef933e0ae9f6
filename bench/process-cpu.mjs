import fs from "node:fs";

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
export const TICKS_PER_S = 100;

/** User + system CPU ticks of a process and its descendants, from /proc. */
export function cpuTicks(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  const own = Number(fields[11]) + Number(fields[12]);
  const children = fs.readdirSync(`/proc/${pid}/task`).flatMap((task) => {
    try {
      return fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return own + children.reduce((sum, child) => {
    try {
      return sum + cpuTicks(child);
    } catch {
      return sum; // a child that exited meanwhile
    }
  }, 0);
}
