import cluster, { type Worker } from "node:cluster";

// Several processes on one machine: with WEB_CONCURRENCY > 1 on PostgreSQL the
// primary process forks that many workers, which share one listening port (node's cluster module
// hands the connections round). The primary serves nothing and opens no database: it keeps the
// workers running, replaces one that dies, restarts them one at a time on SIGHUP (a new one is
// listening before an old one is told to stop), and on SIGTERM or SIGINT tells every worker to
// finish its requests and stop, then exits.

/** Waits before replacing a worker that died: longer while workers keep dying soon after start. */
const RESPAWN_DELAYS_MS = [100, 1_000, 5_000];
/** A worker that lived this long was not a crash loop: the next respawn is quick again. */
const STABLE_AFTER_MS = 30_000;

type Say = (line: string) => void;

export function superviseWorkers(count: number, say: Say): void {
  let stopping = false;
  let restarting = false;
  let quickDeaths = 0;
  const startedAt = new Map<Worker, number>();
  // Workers a rolling restart told to stop: their exit is expected, not replaced.
  const retiring = new WeakSet<Worker>();

  const fork = (): Promise<Worker> => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    return new Promise((resolve, reject) => {
      worker.once("listening", () => resolve(worker));
      worker.once("exit", (code) =>
        reject(new Error(`worker exited with ${code} before listening`)),
      );
    });
  };

  const stopWorker = (worker: Worker) =>
    new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      worker.once("exit", () => resolve());
      worker.process.kill("SIGTERM");
    });

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping || worker.exitedAfterDisconnect || retiring.has(worker)) return;
    quickDeaths = lived < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
    const delay = RESPAWN_DELAYS_MS[Math.min(quickDeaths, RESPAWN_DELAYS_MS.length) - 1] ?? 0;
    say(
      `worker ${worker.process.pid} died (${signal ?? `exit ${code}`}); a new one in ${delay} ms`,
    );
    const dead = worker.process.pid;
    setTimeout(() => {
      if (stopping) return;
      fork().then(
        (next) => say(`worker ${next.process.pid} is listening in place of ${dead}`),
        (error) => say(String(error)),
      );
    }, delay).unref();
  });

  async function rollingRestart() {
    if (restarting || stopping) return;
    restarting = true;
    say("SIGHUP: restarting the workers one at a time");
    try {
      for (const old of Object.values(cluster.workers ?? {})) {
        if (!old || stopping) continue;
        await fork();
        retiring.add(old);
        await stopWorker(old);
      }
      say("workers restarted");
    } catch (error) {
      say(`rolling restart stopped: ${String(error)}`);
    } finally {
      restarting = false;
    }
  }

  async function stopAll(signal: string) {
    if (stopping) return;
    stopping = true;
    say(`${signal}: stopping the workers`);
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? stopWorker(w) : null)));
    process.exit(0);
  }

  process.on("SIGHUP", () => void rollingRestart());
  process.on("SIGTERM", () => void stopAll("SIGTERM"));
  process.on("SIGINT", () => void stopAll("SIGINT"));

  say(`starting ${count} worker processes (WEB_CONCURRENCY=${count})`);
  const first = Array.from({ length: count }, () => fork());
  Promise.all(first).then(
    () => say(`${count} workers listening`),
    (error) => say(String(error)),
  );
}
