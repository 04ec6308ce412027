import zlib from "node:zlib";

// A kept response of the microcache, and sending it in the encoding the client takes:
// compressed once per encoding and kept, answered 304 when the client holds it.

export type Encoding = "br" | "gzip" | "identity";

export type Entry = {
  status: number;
  headers: Record<string, string>;
  /** Text large enough to be worth compressing. */
  compressible: boolean;
  /** The same headers as a flat [name, value, ...] list, ready for writeHead. */
  headerList: string[];
  /** The body in each encoding asked for so far; identity always. */
  bodies: Partial<Record<Encoding, Buffer>>;
  etag: string;
  storedAt: number;
  /** How long it is fresh, and then how long it may still be given while it is rendered again. */
  freshMs: number;
  staleMs: number;
};

/** The encoding to send, or null when the body is too small or not text to be worth one. */
export function encodingFor(acceptEncoding: string | undefined, entry: Entry): Encoding | null {
  if (!entry.compressible) return null;
  // Brotli when the client takes it (smaller), whatever order it lists them in.
  const accepted = acceptedEncodings(acceptEncoding);
  if (accepted.has("br")) return "br";
  return accepted.has("gzip") ? "gzip" : "identity";
}

/** The content codings an Accept-Encoding header allows (q > 0); `*` allows any not refused. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const allowed = new Set<string>();
  const refused = new Set<string>();
  let wildcard = false;
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    const ok = Number.isFinite(weight) && weight > 0;
    if (name === "*") wildcard = ok;
    else (ok ? allowed : refused).add(name);
  }
  if (wildcard) for (const name of ["br", "gzip"]) if (!refused.has(name)) allowed.add(name);
  return allowed;
}

/** The entry's body in an encoding, compressed on first use and kept. */
export function bodyIn(entry: Entry, encoding: Encoding): Buffer {
  const kept = entry.bodies[encoding];
  if (kept) return kept;
  const identity = entry.bodies.identity!;
  const body =
    encoding === "br"
      ? zlib.brotliCompressSync(identity, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
          },
        })
      : zlib.gzipSync(identity, { level: 9 });
  entry.bodies[encoding] = body;
  return body;
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
