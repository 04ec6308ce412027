import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  clockFromFile,
  clockNow,
  clockOffset,
  realTime,
  SQL_NOW,
  setClockOffset,
} from "./clock.server";

const MACHINE = new Date("2031-03-04T05:06:07.000Z");
const text = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query);

describe("the product's clock", () => {
  let dir: string;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(MACHINE);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-clock-"));
  });
  afterEach(() => {
    setClockOffset(0);
    clockFromFile(undefined);
    vi.useRealTimers();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("is the machine's time, and SQL's now(), until a test moves it", () => {
    expect(clockOffset()).toBe(0);
    expect(clockNow().toISOString()).toBe(MACHINE.toISOString());
    expect(realTime(MACHINE).toISOString()).toBe(MACHINE.toISOString());
    expect(text(sql`select ${SQL_NOW}`)).toEqual({ sql: "select (now())", params: [] });
  });

  it("runs ahead by the offset a test sets in this process, in JavaScript and in SQL", () => {
    setClockOffset(90_000);
    expect(clockNow().toISOString()).toBe("2031-03-04T05:07:37.000Z");
    // The queue keeps the machine's time: the product's 05:10 is the machine's 05:08:30.
    expect(realTime(new Date("2031-03-04T05:10:00.000Z")).toISOString()).toBe(
      "2031-03-04T05:08:30.000Z",
    );
    expect(text(sql`select 1 where ${SQL_NOW} > x`).sql).toBe(
      "select 1 where (now() + interval '90000 milliseconds') > x",
    );
    setClockOffset(-1_500);
    expect(clockNow().toISOString()).toBe("2031-03-04T05:06:05.500Z");
    expect(() => setClockOffset(1.5)).toThrow("not a whole number of milliseconds: 1.5");
  });

  it("reads the offset afresh from the test's file on every read, so processes share it", () => {
    const file = path.join(dir, "clock");
    clockFromFile(file);
    // No file yet: the machine's time.
    expect(clockNow().toISOString()).toBe(MACHINE.toISOString());
    fs.writeFileSync(file, "3600000\n");
    expect(clockNow().toISOString()).toBe("2031-03-04T06:06:07.000Z");
    expect(text(sql`${SQL_NOW}`).sql).toBe("(now() + interval '3600000 milliseconds')");
    fs.writeFileSync(file, "0");
    expect(text(sql`${SQL_NOW}`).sql).toBe("(now())");
    // The file wins over an offset set in the process.
    setClockOffset(5);
    expect(clockOffset()).toBe(0);
    fs.writeFileSync(file, "soon");
    expect(() => clockNow()).toThrow(`${file} holds no offset: "soon"`);
  });
});
