import { coldRuns, log, wants } from "../options";
import { percentile, rows } from "../report";
import { startSite } from "../site";

// Start to the first 200, as `npm start` runs the server (compiled) and from the TypeScript source.

export async function coldScenario() {
  if (wants("cold")) {
    for (const how of ["compiled", "tsx"] as const) {
      const times: number[] = [];
      const cpu: number[] = [];
      const runs = how === "compiled" ? coldRuns : Math.max(1, Math.ceil(coldRuns / 2));
      const label = how === "compiled" ? "npm start: node bin/start.js" : "tsx server.ts";
      for (let i = 0; i < runs; i++) {
        log(`cold start ${i + 1}/${runs} (${label})`);
        const server = await startSite(how, { timeoutMs: 60_000 });
        times.push(server.readyMs);
        if (server.readyCpuMs !== null) cpu.push(server.readyCpuMs);
        await server.stop(15_000);
      }
      const p50 = percentile(times, 50);
      rows.push({
        scenario: `start to first 200 (${label})`,
        side: "site",
        encoding: "-",
        connections: null,
        rps: null,
        p50Ms: p50,
        p99Ms: Math.max(...times),
        goal: how === "compiled" ? "≤ 1500 ms" : "",
        met: how === "compiled" ? p50 <= 1500 : null,
        ...(cpu.length ? { startCpuMs: cpu.map(Math.round) } : {}),
        note: `${runs} runs: ${times.map((t) => t.toFixed(0)).join(", ")} ms (p99 column: the slowest)${cpu.length ? `; CPU ${cpu.map((c) => c.toFixed(0)).join(", ")} ms` : ""}`,
      });
    }
  }
}
