import { describe, expect, it, vi } from "vitest";
import { PublicReads } from "./public-reads.server";

describe("the public read models", () => {
  it("loads a key once while fresh, and again after a minute or a clear", async () => {
    let now = 0;
    const reads = new PublicReads(() => now);
    const load = vi.fn(async () => ["a", "b"]);
    expect(await reads.read("news:first", load)).toEqual(["a", "b"]);
    expect(await reads.read("news:first", load)).toEqual(["a", "b"]);
    expect(load).toHaveBeenCalledTimes(1);
    await reads.read("news:second", load);
    expect(load).toHaveBeenCalledTimes(2);
    now += 60_000;
    await reads.read("news:first", load);
    expect(load).toHaveBeenCalledTimes(3);
    reads.clear();
    await reads.read("news:first", load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("callers during a load share it; a failed load is not kept", async () => {
    const reads = new PublicReads();
    let release: (value: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const both = Promise.all([reads.read("k", load), reads.read("k", load)]);
    release("once");
    expect(await both).toEqual(["once", "once"]);
    expect(load).toHaveBeenCalledTimes(1);
    const failing = vi.fn(async () => {
      throw new Error("database gone");
    });
    await expect(reads.read("bad", failing)).rejects.toThrow("database gone");
    await expect(reads.read("bad", failing)).rejects.toThrow("database gone");
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it("a load that began before a clear is answered but not kept", async () => {
    const reads = new PublicReads();
    let release: (value: string) => void = () => {};
    const before = reads.read("k", () => new Promise<string>((resolve) => (release = resolve)));
    reads.clear();
    release("from before the write");
    expect(await before).toBe("from before the write");
    expect(await reads.read("k", async () => "after the write")).toBe("after the write");
  });
});
