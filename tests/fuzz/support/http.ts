import crypto from "node:crypto";
import fc from "fast-check";
import { MARK, markerPayload, percentEncode } from "./inputs";

// One generated request and how it is put on the wire.

export type Who = "anonymous" | "guest" | "moderator" | "admin" | "developer" | "owner";
export const WHO: Who[] = ["anonymous", "guest", "moderator", "admin", "developer", "owner"];

export type FileValue = { file: Uint8Array; name: string; type: string };
export type Entry = [string, string | FileValue];

export type Body =
  | { kind: "none" }
  | { kind: "form"; encoding: "urlencoded" | "multipart"; entries: Entry[] }
  | { kind: "json"; value: unknown; contentType: string }
  | { kind: "raw"; contentType: string | null; data: string | Uint8Array; repeat?: number };

export type Origin = "same" | "none" | "foreign" | "null" | "sec-fetch-cross";

export type FuzzRequest = {
  method: string;
  path: string;
  query: string;
  as: Who;
  body: Body;
  origin: Origin;
  accept: "html" | "json" | "any";
};

export type Sent = {
  id: number;
  request: FuzzRequest;
  status: number;
  location: string | null;
  contentType: string;
  setCookies: string[];
  text: string;
};

const replaceMark = (value: string, id: number) => value.split(MARK).join(String(id));

function substitute(value: unknown, id: number): unknown {
  if (typeof value === "string") return replaceMark(value, id);
  if (Array.isArray(value)) return value.map((v) => substitute(v, id));
  if (value && typeof value === "object" && !(value instanceof Uint8Array)) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [replaceMark(k, id), substitute(v, id)]),
    );
  }
  return value;
}

const formEncode = (value: string) => percentEncode(value).replace(/%20/g, "+");

function encodeBody(body: Body): { contentType: string | null; payload?: BodyInit } {
  switch (body.kind) {
    case "none":
      return { contentType: null };
    case "json":
      return { contentType: body.contentType, payload: JSON.stringify(body.value) ?? "" };
    case "raw":
      return {
        contentType: body.contentType,
        payload:
          typeof body.data === "string"
            ? body.data.repeat(body.repeat ?? 1)
            : Buffer.from(body.data),
      };
    case "form":
      if (body.encoding === "urlencoded") {
        const text = body.entries
          .map(([k, v]) => `${formEncode(k)}=${formEncode(typeof v === "string" ? v : v.name)}`)
          .join("&");
        return { contentType: "application/x-www-form-urlencoded", payload: text };
      } else {
        const form = new FormData();
        for (const [k, v] of body.entries) {
          if (typeof v === "string") form.append(k, v);
          else form.append(k, new Blob([Buffer.from(v.file)], { type: v.type }), v.name);
        }
        return { contentType: null, payload: form };
      }
  }
}

function randomAddress(): string {
  // 198.18.0.0/15 is set aside for tests; one address per request keeps per-address limits away.
  const n = crypto.randomInt(1 << 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * fetch, tried twice when the connection was reset: after the server closed a connection on an
 * unread body, the next request may be handed that dead kept-alive connection and never sent.
 */
async function fetchRetryingReset(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "ECONNRESET" && code !== "EPIPE" && code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

export class Client {
  private next = 0;
  readonly cookies = new Map<Who, string>();

  constructor(readonly baseUrl: string) {}

  /** Sends one generated request (its marker becomes this request's number). */
  async send(request: FuzzRequest): Promise<Sent> {
    const id = ++this.next;
    const filled = substitute(request, id) as FuzzRequest;
    const { contentType, payload } = encodeBody(filled.body);
    const headers = new Headers({ "X-Forwarded-For": randomAddress() });
    if (contentType) headers.set("Content-Type", contentType);
    if (filled.accept === "html") headers.set("Accept", "text/html,application/xhtml+xml");
    if (filled.accept === "json") headers.set("Accept", "application/json");
    const cookie = this.cookies.get(filled.as);
    if (cookie) headers.set("Cookie", cookie);
    if (filled.origin === "same") headers.set("Origin", this.baseUrl);
    if (filled.origin === "foreign") headers.set("Origin", "https://evil.example");
    if (filled.origin === "null") headers.set("Origin", "null");
    if (filled.origin === "sec-fetch-cross") headers.set("Sec-Fetch-Site", "cross-site");
    const bodyAllowed = !["GET", "HEAD"].includes(filled.method);
    let response: Response;
    try {
      response = await fetchRetryingReset(
        `${this.baseUrl}${filled.path}${filled.query ? `?${filled.query}` : ""}`,
        {
          method: filled.method,
          headers,
          body: bodyAllowed ? payload : undefined,
          redirect: "manual",
        },
      );
    } catch (error) {
      // The server may answer (and close) before reading a large body it refuses: no status to
      // judge, so it counts as refused, and the suite checks the server is still up.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== "ECONNRESET" && code !== "EPIPE" && code !== "UND_ERR_SOCKET") throw error;
      return {
        id,
        request: filled,
        status: 0,
        location: null,
        contentType: "",
        setCookies: [],
        text: "",
      };
    }
    const text = await response.text();
    return {
      id,
      request: filled,
      status: response.status,
      location: response.headers.get("Location"),
      contentType: response.headers.get("Content-Type") ?? "",
      setCookies: response.headers.getSetCookie().map((c) => c.split(";")[0]!),
      text,
    };
  }

  get sentCount(): number {
    return this.next;
  }
}

/** Which origin a write claims: mostly this site, sometimes none, rarely another site. */
export const origin: fc.Arbitrary<Origin> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Origin>("same") },
  { weight: 2, arbitrary: fc.constant<Origin>("none") },
  { weight: 1, arbitrary: fc.constantFrom<Origin>("foreign", "null", "sec-fetch-cross") },
);

/** The ways a form's fields reach the server, valid encodings and broken ones. */
export function formBody(entries: fc.Arbitrary<Entry[]>): fc.Arbitrary<Body> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: entries.map((e): Body => ({ kind: "form", encoding: "urlencoded", entries: e })),
    },
    {
      weight: 3,
      arbitrary: entries.map((e): Body => ({ kind: "form", encoding: "multipart", entries: e })),
    },
    {
      weight: 1,
      arbitrary: entries.map(
        (e): Body => ({
          kind: "json",
          contentType: "application/json",
          value: Object.fromEntries(e.map(([k, v]) => [k, typeof v === "string" ? v : v.name])),
        }),
      ),
    },
    { weight: 2, arbitrary: brokenBody },
  );
}

/** Bodies whose encoding is wrong or malformed. */
export const brokenBody: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom<Body>(
    { kind: "raw", contentType: "application/x-www-form-urlencoded", data: "a=%E0%A4%A&b=%zz&%=%" },
    { kind: "raw", contentType: "application/x-www-form-urlencoded", data: "%" },
    { kind: "raw", contentType: "multipart/form-data", data: "no boundary" },
    {
      kind: "raw",
      contentType: "multipart/form-data; boundary=xyz",
      data: '--xyz\r\nContent-Disposition: form-data; name="title"\r\n\r\nunterminated',
    },
    {
      kind: "raw",
      contentType: "multipart/form-data; boundary=xyz",
      data: "--xyz\r\nContent-Disposition: garbage\r\n\r\nx\r\n--xyz--\r\n",
    },
    { kind: "raw", contentType: "application/json", data: '{"title": ' },
    { kind: "raw", contentType: "application/json", data: "[1,2,3]" },
    { kind: "raw", contentType: "application/json", data: "null" },
    { kind: "raw", contentType: "application/json", data: '{"title":1e309,"content":-0,"sql":1}' },
    {
      kind: "raw",
      contentType: "application/json",
      data: '{"title":"a","title":"b","content":"c"}',
    },
    { kind: "raw", contentType: "text/plain", data: "title=x&content=y" },
    { kind: "raw", contentType: null, data: "title=x" },
    { kind: "raw", contentType: "application/x-www-form-urlencoded; charset=utf-16", data: "a=b" },
    { kind: "raw", contentType: "application/xml", data: "<?xml version='1.0'?><a/>" },
    { kind: "raw", contentType: "application/x-www-form-urlencoded", data: "a", repeat: 300_000 },
  ),
  fc
    .tuple(
      fc.uint8Array({ maxLength: 512 }),
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=----x",
        "application/json",
        "application/octet-stream",
      ),
    )
    .map(([data, contentType]): Body => ({ kind: "raw", contentType, data })),
  fc
    .tuple(fc.jsonValue({ maxDepth: 3 }), markerPayload)
    .map(
      ([value, m]): Body => ({ kind: "json", contentType: "application/json", value: [value, m] }),
    ),
  fc.nat({ max: 3000 }).map(
    (n): Body => ({
      kind: "raw",
      contentType: "application/x-www-form-urlencoded",
      data: Array.from({ length: n }, (_, i) => `f${i}=${i}`).join("&"),
    }),
  ),
);

/** A form field list: each field missing, valid, wrong, doubled or a file; plus stray fields. */
export function fields(
  spec: Record<string, fc.Arbitrary<string>>,
  fixed: Entry[] = [],
): fc.Arbitrary<Entry[]> {
  const one = (name: string, good: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 6, arbitrary: good.map((v): Entry[] => [[name, v]]) },
      { weight: 1, arbitrary: fc.constant<Entry[]>([]) },
      {
        weight: 1,
        arbitrary: fc.tuple(good, good).map(([a, b]): Entry[] => [
          [name, a],
          [name, b],
        ]),
      },
      {
        weight: 1,
        arbitrary: fc
          .uint8Array({ maxLength: 64 })
          .map((bytes): Entry[] => [
            [name, { file: bytes, name: `${MARK}.txt`, type: "text/plain" }],
          ]),
      },
    );
  const stray = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom("__proto__", "constructor", "intent", "id", ""),
        fc.string({ maxLength: 8 }),
      ),
      fc.string({ maxLength: 8 }),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...Object.entries(spec).map(([name, good]) => one(name, good))), stray)
    .map(([groups, extra]) => [...fixed, ...groups.flat(), ...(extra as Entry[])]);
}
