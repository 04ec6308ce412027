import fs from "node:fs";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

// The product's time: every rule that compares with "now" (a scheduled post going public, a
// newsletter delivery's lease and backoff, an announcement's retry, an invitation's or a token's
// expiry, a press kit's embargo) reads it here, in JavaScript with `clockNow()` and in SQL with
// `SQL_NOW`. In production it is the machine's time. A test moves it: in its own process with
// `setClockOffset`, and in the server processes it starts with TEST_CLOCK_FILE
// (docs/configuration.md; refused with NODE_ENV=production), a file holding the offset in
// milliseconds that every read takes afresh, so processes sharing the file share one clock. The
// job queue keeps real time: `realTime` turns the product's time into the queue's.

let fixedOffset = 0;
let offsetFile: string | undefined;

/** How far the product's time is ahead of the machine's (ms; 0 in production). */
export function clockOffset(): number {
  if (offsetFile === undefined) return fixedOffset;
  let text: string;
  try {
    text = fs.readFileSync(offsetFile, "utf8");
  } catch (error) {
    // No file yet: the test has not moved the clock.
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const offset = Number(text.trim() || "0");
  if (!Number.isSafeInteger(offset)) throw new Error(`${offsetFile} holds no offset: "${text}"`);
  return offset;
}

/** Now, as the product's rules judge it. */
export function clockNow(): Date {
  return new Date(Date.now() + clockOffset());
}

/** The same moment for SQL (`now()` in production), read when the statement is built. */
export const SQL_NOW: SQLWrapper = {
  getSQL(): SQL {
    const offset = clockOffset();
    // A whole number written out by this module, never text from elsewhere.
    return offset === 0
      ? sql`now()`
      : sql.raw(`now() + interval '${Math.trunc(offset)} milliseconds'`);
  },
};

/** The machine's time at which the product's clock shows `at` (for the job queue's start times). */
export function realTime(at: Date): Date {
  return new Date(at.getTime() - clockOffset());
}

/** Tests in this process: the product's time runs `ms` ahead of the machine's (0: back to it). */
export function setClockOffset(ms: number): void {
  if (!Number.isSafeInteger(ms)) throw new Error(`not a whole number of milliseconds: ${ms}`);
  fixedOffset = ms;
}

/** At start-up: with TEST_CLOCK_FILE, the offset is read from that file (undefined: the machine's). */
export function clockFromFile(file: string | undefined): void {
  offsetFile = file;
}
