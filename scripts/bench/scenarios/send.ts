import { missingRequirement } from "../../../tests/system/harness";
import { startNewsletterRun, subscriberAddress } from "../../../tests/system/newsletter-run";
import { log, wants } from "../options";
import { notes, rows } from "../report";

// The newsletter's send at full size (docs/product.md#newsletter-sending), in real time: a post
// mailed to 10,000 subscribers of a local SMTP server by two production processes sharing
// PostgreSQL; each gets exactly one mail; then again while one process is killed (SIGKILL)
// mid-send and restarted, its deliveries taken again once their lease (at least 30 s) has passed:
// each still gets one by Message-ID (raw repeats reported); 451 retried, 550 not.
// tests/system/newsletter-send.test.ts checks the same at 400 subscribers on a test clock.

const SUBSCRIBERS = 10_000;
const TEMPORARY = Array.from({ length: 20 }, (_, i) => subscriberAddress(i * 97 + 5));
const PERMANENT = Array.from({ length: 10 }, (_, i) => subscriberAddress(i * 311 + 7));

function check(condition: boolean, what: string) {
  if (!condition) throw new Error(`send: ${what}`);
}

export async function sendScenario() {
  if (!wants("send")) return;
  const missing = await missingRequirement({});
  if (missing) {
    notes.push(`send: skipped (${missing})`);
    return;
  }
  log(`send: ${SUBSCRIBERS} subscribers, two processes on PostgreSQL`);
  const run = await startNewsletterRun({
    admin: "admin@send.bench",
    subscribers: SUBSCRIBERS,
    unconfirmed: 25,
    rate: 1000,
  });
  try {
    const once = (title: string, expected: number) => {
      const { raw, ids } = run.tally(title);
      check(raw.size === expected, `${title}: ${raw.size} recipients, not ${expected}`);
      check(
        [...ids.values()].every((set) => set.size === 1),
        `${title}: a recipient got two Message-IDs`,
      );
      check(
        ![...raw.keys()].some((to) => to.startsWith("unconfirmed")),
        `${title}: mailed someone unconfirmed`,
      );
      return [...raw.values()].filter((n) => n > 1).length;
    };

    let started = performance.now();
    await run.publish(run.servers[0]!.url, "First post");
    const first = await run.finished("First post", 600_000);
    const firstS = (performance.now() - started) / 1000;
    check(first.sent === SUBSCRIBERS && Object.keys(first).length === 1, JSON.stringify(first));
    const firstRepeats = once("First post", SUBSCRIBERS);
    check(firstRepeats === 0, `first send: ${firstRepeats} raw repeats without a kill`);

    run.smtp.refuse(TEMPORARY, PERMANENT);
    const [a, b] = run.servers;
    started = performance.now();
    await run.publish(b!.url, "Second post");
    while (((await run.counts("Second post")).sent ?? 0) < SUBSCRIBERS / 5)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await a!.kill();
    run.servers.splice(run.servers.indexOf(a!), 1);
    await run.start();
    const second = await run.finished("Second post", 900_000);
    const secondS = (performance.now() - started) / 1000;
    check(
      second.sent === SUBSCRIBERS - PERMANENT.length && second.failed === PERMANENT.length,
      JSON.stringify(second),
    );
    const repeats = once("Second post", SUBSCRIBERS - PERMANENT.length);
    check(repeats <= 8, `${repeats} raw repeats after the kill (at most one per connection)`);
    for (const to of TEMPORARY) check(run.smtp.refusals.get(to) === 1, `${to} refused once`);
    for (const to of PERMANENT) {
      check(run.smtp.refusals.get(to) === 1, `${to} refused once, never tried again`);
      check(!run.tally("Second post").raw.has(to), `${to} refused yet delivered`);
    }

    const row = (scenario: string, seconds: number, note: string) => ({
      scenario,
      side: "-" as const,
      encoding: "-",
      connections: 8,
      rps: SUBSCRIBERS / seconds,
      p50Ms: (seconds * 1000) / SUBSCRIBERS,
      p99Ms: (seconds * 1000) / SUBSCRIBERS,
      note,
    });
    rows.push(
      row(
        `send: ${SUBSCRIBERS} by two processes`,
        firstS,
        `exactly once, in ${firstS.toFixed(1)} s`,
      ),
    );
    rows.push(
      row(
        `send: ${SUBSCRIBERS}, one killed mid-send`,
        secondS,
        `once by Message-ID, ${repeats} raw repeats, in ${secondS.toFixed(1)} s (a 30 s lease)`,
      ),
    );
    notes.push(
      `send: ${SUBSCRIBERS} mails by two processes in ${firstS.toFixed(1)} s; with one killed mid-send ${secondS.toFixed(1)} s, ${repeats} raw repeats (same Message-ID); 451 retried, 550 not`,
    );
  } finally {
    await run.stop();
  }
}
