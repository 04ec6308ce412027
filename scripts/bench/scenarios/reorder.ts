import crypto from "node:crypto";
import { profileWindows } from "../load";
import { GAMES, log, reorders, wants } from "../options";
import { percentile, rows } from "../report";
import { signIn, type startSite } from "../site";
import type { Seeded } from "../workspace";

// Reordering every game through the admin dashboard's action, one at a time.

export async function reorderScenario(site: Awaited<ReturnType<typeof startSite>>, seeded: Seeded) {
  if (wants("reorder")) {
    log(`reordering ${GAMES} games, ${reorders} times`);
    const cookie = await signIn(site.url);
    const times: number[] = [];
    const ids = [...seeded.gameIds];
    let from = 0;
    for (let i = 0; i < reorders + 2; i++) {
      shuffle(ids);
      const started = performance.now();
      // What the dashboard's fetcher sends: the games tab's data endpoint, the form's two fields.
      const response = await fetch(`${site.url}/admin/games.data`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: site.url },
        body: new URLSearchParams({ intent: "games-reorder", ids: JSON.stringify(ids) }),
      });
      const text = await response.text();
      const elapsed = performance.now() - started;
      // The action answers with the form's reply: a success says so.
      if (response.status !== 200 || !text.includes('"success"'))
        throw new Error(`reorder refused: ${response.status} ${text.slice(0, 200)}`);
      if (i >= 2) times.push(elapsed); // the first two warm the code paths
      if (i === 1) from = performance.now() - site.spawnedAt;
    }
    profileWindows.push({ label: "reorder", from, to: performance.now() - site.spawnedAt });
    const listed = (await (await fetch(`${site.url}/api/v1/games?limit=100`)).json()) as {
      data: { id: string }[];
    };
    if (listed.data.map((g) => g.id).join() !== ids.join())
      throw new Error("the games are not in the order the last reorder saved");
    const p99 = percentile(times, 99);
    rows.push({
      scenario: `reorder ${GAMES} games (${reorders}×)`,
      side: "site",
      encoding: "-",
      connections: 1,
      rps: null,
      p50Ms: percentile(times, 50),
      p99Ms: p99,
      goal: "p99 ≤ 50 ms",
      met: p99 <= 50,
    });
  }
}

function shuffle<T>(items: T[]) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
}
