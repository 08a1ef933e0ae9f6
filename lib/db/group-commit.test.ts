import { describe, expect, it } from "vitest";

import { groupCommit, MAX_GROUP } from "./group-commit";

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

describe("groupCommit", () => {
  it("writes the first item alone and everything added meanwhile as the next group, in order", async () => {
    const { groups, gates, write } = gatedWriter();
    const add = groupCommit(write);
    const first = add(1);
    const rest = [add(2), add(3), add(4)];
    expect(groups).toEqual([[1]]);
    gates[0]();
    await first;
    expect(groups).toEqual([[1], [2, 3, 4]]);
    gates[1]();
    await Promise.all(rest);
  });

  it("resolves an item only once its own group is written", async () => {
    const { gates, write } = gatedWriter();
    const add = groupCommit(write);
    const states: string[] = [];
    void add(1).then(() => states.push("1"));
    void add(2).then(() => states.push("2"));
    gates[0]();
    await expect.poll(() => states).toEqual(["1"]);
    gates[1]();
    await expect.poll(() => states).toEqual(["1", "2"]);
  });

  it("splits a long queue into groups of at most MAX_GROUP", async () => {
    const sizes: number[] = [];
    const add = groupCommit(async (items: number[]) => void sizes.push(items.length));
    await Promise.all(Array.from({ length: 2 * MAX_GROUP + 2 }, (_, index) => add(index)));
    expect(sizes).toEqual([1, MAX_GROUP, MAX_GROUP, 1]);
  });

  it("rejects every item of a failed group, and goes on with the next", async () => {
    let calls = 0;
    const add = groupCommit(async () => {
      calls += 1;
      if (calls === 2) throw new Error("disk full");
    });
    const first = add(1);
    const failing = [add(2), add(3)];
    await first;
    await expect(Promise.all(failing)).rejects.toThrow("disk full");
    await expect(add(4)).resolves.toBeUndefined();
  });
});
