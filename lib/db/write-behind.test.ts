import { describe, expect, it } from "vitest";

import { MAX_GROUP, writeBehind } from "./write-behind";

/** A write the test releases by hand, recording the groups it was given. */
function gatedWriter() {
  const groups: number[][] = [];
  const gates: (() => void)[] = [];
  const write = (items: number[]) => {
    groups.push(items);
    return new Promise<void>((resolve) => gates.push(resolve));
  };
  return { groups, gates, write };
}

const noErrors = (error: unknown) => {
  throw error;
};

describe("writeBehind", () => {
  it("answers add at once and writes everything queued within delayMs as one group", async () => {
    const { groups, gates, write } = gatedWriter();
    const log = writeBehind(write, { delayMs: 5, onError: noErrors });
    await Promise.all([log.add(1), log.add(2), log.add(3)]);
    expect(groups).toEqual([]);
    await expect.poll(() => groups).toEqual([[1, 2, 3]]);
    gates[0]();
  });

  it("flush writes the queue at once and resolves once every earlier write is done, not before", async () => {
    const { groups, gates, write } = gatedWriter();
    const log = writeBehind(write, { delayMs: 60_000, onError: noErrors });
    await log.add(1);
    const first = log.flush();
    await log.add(2);
    const states: string[] = [];
    const second = log.flush().then(() => states.push("second"));
    void first.then(() => states.push("first"));
    await expect.poll(() => groups).toEqual([[1]]);
    gates[0]();
    await expect.poll(() => groups).toEqual([[1], [2]]);
    expect(states).toEqual(["first"]);
    gates[1]();
    await second;
    expect(states).toEqual(["first", "second"]);
  });

  it(`writes at once when ${MAX_GROUP} items are queued, in groups of at most ${MAX_GROUP}`, async () => {
    const sizes: number[] = [];
    const log = writeBehind(async (items: number[]) => void sizes.push(items.length), { delayMs: 60_000, onError: noErrors });
    for (let index = 0; index < 2 * MAX_GROUP + 2; index++) await log.add(index);
    await expect.poll(() => sizes).toEqual([MAX_GROUP, MAX_GROUP]);
    await log.flush();
    expect(sizes).toEqual([MAX_GROUP, MAX_GROUP, 2]);
  });

  it("once stopping, add resolves when its item is written, not before", async () => {
    const { groups, gates, write } = gatedWriter();
    const log = writeBehind(write, { delayMs: 60_000, onError: noErrors });
    await log.add(1);
    const stopped = log.stop();
    await expect.poll(() => groups).toEqual([[1]]);
    const states: string[] = [];
    const late = log.add(2).then(() => states.push("2 written"));
    gates[0]();
    await stopped;
    await expect.poll(() => groups).toEqual([[1], [2]]);
    expect(states).toEqual([]);
    gates[1]();
    await late;
    expect(states).toEqual(["2 written"]);
  });

  it("reports a failed group to onError, never to add, and goes on with the next", async () => {
    const failed: number[][] = [];
    let writes = 0;
    const log = writeBehind(async (_items: number[]) => {
      writes += 1;
      if (writes === 1) throw new Error("disk full");
    }, { delayMs: 60_000, onError: (_error, items) => failed.push(items) });
    await log.add(1);
    await log.flush();
    await log.add(2);
    await log.flush();
    expect(failed).toEqual([[1]]);
    expect(writes).toBe(2);
  });
});
