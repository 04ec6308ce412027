import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/database.server";
import { PublishClock } from "./publish-clock.server";

// The clock that expires the public caches at a scheduled item's time, with a fake
// timer and a stand-in for the database's "next scheduled time".

afterEach(() => vi.useRealTimers());

function clockWith(times: (Date | null | Error)[]) {
  const expired: number[] = [];
  const errors: unknown[] = [];
  let asked = 0;
  const clock = new PublishClock({
    db: {} as Database,
    next: async () => {
      const answer = times[Math.min(asked++, times.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    expire: () => {
      expired.push(Date.now());
      clock.clear();
    },
    onError: (error) => errors.push(error),
  });
  return { clock, expired, errors, asked: () => asked };
}

describe("PublishClock", () => {
  it("expires the caches right after the next scheduled time, then looks for the one after", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-24T12:00:00Z") });
    const first = new Date("2026-11-24T12:00:05Z");
    const second = new Date("2026-11-24T13:00:00Z");
    const { clock, expired, asked } = clockWith([first, second, null]);
    await clock.start();
    expect(clock.due).toBe(first.getTime());
    await vi.advanceTimersByTimeAsync(4_900);
    expect(expired).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(expired).toHaveLength(1);
    expect(expired[0]).toBeGreaterThanOrEqual(first.getTime());
    expect(asked()).toBe(2);
    expect(clock.due).toBe(second.getTime());
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(expired).toHaveLength(2);
    expect(clock.due).toBeNull();
    clock.close();
  });

  it("a change of public content makes it look again (a new schedule, on any process)", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-24T12:00:00Z") });
    const later = new Date("2026-11-25T12:00:00Z");
    const sooner = new Date("2026-11-24T12:00:02Z");
    const { clock, expired } = clockWith([later, sooner, null]);
    await clock.start();
    expect(clock.due).toBe(later.getTime());
    clock.clear();
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.due).toBe(sooner.getTime());
    await vi.advanceTimersByTimeAsync(2_100);
    expect(expired).toHaveLength(1);
    clock.close();
  });

  it("a time beyond the timer's reach is looked at again later, not rung early", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-24T12:00:00Z") });
    const farAway = new Date("2027-03-01T00:00:00Z");
    const { clock, expired, asked } = clockWith([farAway]);
    await clock.start();
    await vi.advanceTimersByTimeAsync(2 * 24 * 60 * 60 * 1000);
    expect(expired).toEqual([]);
    expect(asked()).toBeGreaterThanOrEqual(2);
    expect(clock.due).toBe(farAway.getTime());
    clock.close();
  });

  it("when the database cannot answer, it says so and tries again in a minute", async () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-24T12:00:00Z") });
    const { clock, errors, asked } = clockWith([new Error("database away"), null]);
    await clock.start();
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(61_000);
    expect(asked()).toBe(2);
    expect(clock.due).toBeNull();
    clock.close();
  });
});
