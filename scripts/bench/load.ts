import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { connections, durationS, fail, opts, warmupS } from "./options";
import { work } from "./workspace";

// Load generation (wrk, else autocannon) and the CPU a process used.

// ---------------------------------------------------------------------------------------------
// Load: wrk when installed, autocannon otherwise. Latencies in ms.

export type Load = {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
};

export function findWrk(): string | null {
  const candidates = ["/usr/bin/wrk", "/usr/local/bin/wrk"];
  for (const dir of (process.env.PATH ?? "").split(":")) candidates.push(path.join(dir, "wrk"));
  return candidates.find((c) => fs.existsSync(c)) ?? null;
}
export const wrkPath = opts.tool === "autocannon" ? null : findWrk();
if (opts.tool === "wrk" && !wrkPath) fail("--tool wrk, but wrk is not installed");
export const tool = wrkPath ? "wrk" : "autocannon";

export const WRK_REPORT = `-- Prints the summary as one JSON line (latencies in microseconds).
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'BENCH {"requests":%d,"duration":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

export async function load(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  conns = connections,
): Promise<Load> {
  if (wrkPath) {
    const script = path.join(work, "report.lua");
    if (!fs.existsSync(script)) fs.writeFileSync(script, WRK_REPORT);
    const args = [
      "-t1",
      `-c${conns}`,
      `-d${Math.max(1, Math.round(seconds))}s`,
      "--timeout",
      "10s",
      "-s",
      script,
    ];
    for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
    const run = await new Promise<string>((resolve, reject) => {
      const child = spawn(wrkPath, [...args, url], { stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.stderr.on("data", (chunk: Buffer) => {
        out += chunk.toString();
      });
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
    });
    const line = run.split("\n").find((l) => l.startsWith("BENCH "));
    if (!line) throw new Error(`wrk printed no summary:\n${run}`);
    const r = JSON.parse(line.slice(6)) as Record<string, number>;
    return {
      rps: r.requests! / (r.duration! / 1e6),
      p50: r.p50! / 1000,
      p99: r.p99! / 1000,
      requests: r.requests!,
      errors: r.connect! + r.read! + r.write! + r.timeout!,
      non2xx: r.status!,
    };
  }
  const specifier = "autocannon";
  const autocannon = (await import(specifier)).default as (o: object) => Promise<{
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  }>;
  const result = await autocannon({ url, connections: conns, duration: seconds, headers });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * CPU seconds a process and its children have used (Linux /proc; null elsewhere). Unlike req/s it
 * hardly depends on what else the machine runs, so it compares runs taken on a busy machine.
 */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return null;
  const read = (p: string) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  };
  try {
    let ticks = 0;
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const fields = read(entry);
        if (entry === String(pid) || fields[1] === String(pid))
          ticks += Number(fields[11]) + Number(fields[12]);
      } catch {}
    }
    return ticks / 100; // USER_HZ
  } catch {
    return null;
  }
}

/** Where each measured run sits in the site's CPU profile (ms since the site's spawn). */
export const profileWindows: { label: string; from: number; to: number }[] = [];

export async function measure(
  url: string,
  headers: Record<string, string>,
  target?: { pid?: number; spawnedAt?: number; label?: string; connections?: number },
): Promise<Load & { cpuMsPerReq: number | null }> {
  const pid = target?.pid;
  const conns = target?.connections ?? connections;
  if (warmupS > 0) {
    await load(url, headers, warmupS, conns);
    // The load generator leaves requests in flight when it stops; let the server finish them so
    // they do not count against the measured run.
    await fetch(url, { headers, signal: AbortSignal.timeout(30_000) })
      .then((r) => r.arrayBuffer())
      .catch(() => {});
  }
  const before = cpuSeconds(pid);
  const from = performance.now();
  const result = await load(url, headers, durationS, conns);
  if (target?.spawnedAt !== undefined && target.label)
    profileWindows.push({
      label: target.label,
      from: from - target.spawnedAt,
      to: performance.now() - target.spawnedAt,
    });
  const after = cpuSeconds(pid);
  const cpuMsPerReq =
    before !== null && after !== null && result.requests > 0
      ? ((after - before) * 1000) / result.requests
      : null;
  return { ...result, cpuMsPerReq };
}
