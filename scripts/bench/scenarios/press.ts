import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import sharp from "sharp";
import { log, wants } from "../options";
import { rows } from "../report";
import { signIn } from "../site";

// A press kit's zip as the press downloads it (docs/product.md#press-kit): a kit of about 58 MB
// (six incompressible 1800 × 1800 PNG logos, each just under the 10 MB upload limit), then 20 HEAD
// and 20 GET requests of its logos.zip at once, each from its own address, every body read to its
// end. The figure is how far the server's resident memory rose above where it stood before,
// sampled every 20 ms: a zip streamed from storage costs its buffers, not its size.

const LOGOS = 6;
const SIDE = 1800;
const AT_ONCE = 20;
const GOAL_MB = 100;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** One request, its body read and dropped; resolves with the status and the bytes read. */
function fetchDropping(url: string, method: "GET" | "HEAD", address: string) {
  return new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { "X-Forwarded-For": address } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end();
  });
}

async function uploadLogo(base: string, cookie: string): Promise<string> {
  const png = await sharp(crypto.randomBytes(SIDE * SIDE * 3), {
    raw: { width: SIDE, height: SIDE, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const form = new FormData();
  form.set("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
  const response = await fetch(`${base}/media/upload`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: base },
    body: form,
  });
  const answer = (await response.json()) as { ok: boolean; media?: { id: string } };
  if (!answer.media) throw new Error(`upload refused: ${JSON.stringify(answer)}`);
  return answer.media.id;
}

export async function pressScenario(site: { url: string; child: { pid?: number } }) {
  if (!wants("press")) return;
  const pid = site.child.pid;
  if (!pid || !fs.existsSync(`/proc/${pid}/status`)) {
    log("press downloads: no /proc to read the server's memory from; skipped");
    return;
  }
  log(`press downloads: uploading ${LOGOS} logos of about 9.7 MB each`);
  const cookie = await signIn(site.url);
  const images: string[] = [];
  for (let i = 0; i < LOGOS; i++) images.push(await uploadLogo(site.url, cookie));
  const saved = await fetch(`${site.url}/admin/press`, {
    method: "POST",
    headers: {
      Cookie: cookie,
      Origin: site.url,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({
      intent: "press-save",
      listed: "on",
      logos: JSON.stringify(images.map((image, i) => ({ image, alt: `Logo ${i + 1}` }))),
    }),
  });
  if (saved.status !== 200) throw new Error(`press-save answered ${saved.status}`);
  const url = `${site.url}/press/logos.zip`;
  const first = await fetchDropping(url, "GET", "198.51.100.250");
  if (first.status !== 200) throw new Error(`logos.zip answered ${first.status}`);
  // Settled: the zip built, the uploads' buffers collected as far as they will be.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE * 2 }, (_, i) =>
      fetchDropping(url, i < AT_ONCE ? "HEAD" : "GET", `198.51.100.${i + 1}`),
    ),
  );
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const refused = answers.filter((answer) => answer.status !== 200).length;
  const whole = answers.filter((answer, i) => i >= AT_ONCE && answer.bytes === first.bytes).length;
  const rise = peak - before;
  rows.push({
    scenario: `press logos.zip (${(first.bytes / 1e6).toFixed(0)} MB): ${AT_ONCE} HEAD + ${AT_ONCE} GET at once`,
    side: "site",
    encoding: "-",
    connections: AT_ONCE * 2,
    rps: null,
    p50Ms: ms,
    p99Ms: ms,
    goal: `RSS rise < ${GOAL_MB} MB`,
    met: rise < GOAL_MB && refused === 0 && whole === AT_ONCE,
    note: `RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${rise.toFixed(0)} MB); ${whole}/${AT_ONCE} GETs got the whole zip, ${refused} answers not 200`,
  });
}
