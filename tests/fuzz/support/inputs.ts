import zlib from "node:zlib";
import fc from "fast-check";

// Generated inputs: structured-but-wrong values mixed with valid-ish ones, so that some inputs pass
// and reach the database. Text may carry a marker payload; `MARK` in it becomes the request's own
// number when the request is sent, so every stored marker names the request that stored it.

export const MARK = "\u27e6M\u27e7";

/** Payloads that would become real markup (elements, attributes, script) if rendered unescaped. */
export const MARKER_PAYLOADS = [
  `<i data-fuzz="${MARK}">x</i>`,
  `<script>fuzz(${MARK})</script>`,
  `"><img src=x data-fuzz=${MARK}>`,
  `'><svg onload=fuzz(${MARK}) data-fuzz=${MARK}>`,
  `</title><i data-fuzz="${MARK}">`,
  `</script><script>fuzz(${MARK})</script>`,
  `]]></description><i data-fuzz="${MARK}"/>`,
  `<![CDATA[<i data-fuzz="${MARK}">]]>`,
  `&lt;i data-fuzz="${MARK}"&gt;`,
  `<!--<i data-fuzz="${MARK}">-->`,
];

/** Finds request numbers in stored text (any form the payloads above take). */
/** Any quoting the text went through (a row as text doubles quotes, JSON adds backslashes). */
export const STORED_MARKER = /data-fuzz=[\\"']*(\d+)|fuzz\((\d+)\)/g;

export function markersIn(text: string): number[] {
  return [...text.matchAll(STORED_MARKER)].map((m) => Number(m[1] ?? m[2]));
}

const SQLISH = [
  "' OR '1'='1",
  "'; drop table news; --",
  '" OR ""="',
  "1; select pg_sleep(0)",
  "$$;$$",
  "\\'",
  "%' --",
  "null",
  "undefined",
  "NULL",
];

const NUMBERISH = [
  "0",
  "-1",
  "1e309",
  "-0",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "0x10",
  "1.5",
  "  7  ",
  String(Number.MAX_SAFE_INTEGER + 2),
];

/** Lengths just around the forms' limits (and a few far beyond). */
const LENGTHS = [
  1, 7, 8, 60, 61, 100, 101, 120, 121, 128, 129, 200, 201, 254, 255, 500, 501, 2048, 2049, 5000,
  5001, 20_000, 20_001, 70_000,
];

const controlChar = fc
  .oneof(fc.integer({ min: 0, max: 31 }), fc.constant(127), fc.integer({ min: 0x80, max: 0x9f }))
  .map((code) => String.fromCharCode(code));

const plain = fc.string({ unit: "grapheme-ascii", maxLength: 24 });

export const markerPayload = fc.constantFrom(...MARKER_PAYLOADS);

/** Any text a form field or JSON string might receive. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(plain, markerPayload, plain).map((parts) => parts.join("")) },
  { weight: 2, arbitrary: plain },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(plain, controlChar, plain, markerPayload)
      .map(([a, c, b, m]) => `${a}${c}${b}${m}`),
  },
  { weight: 1, arbitrary: fc.tuple(plain, markerPayload).map(([a, m]) => `${a}\u0000${m}`) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\t\n ", "\u00a0", "\u200b", "\ufeff") },
  { weight: 1, arbitrary: fc.constantFrom(...SQLISH) },
  { weight: 1, arbitrary: fc.constantFrom(...NUMBERISH) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...LENGTHS), markerPayload, fc.constantFrom("x", "é", "😀", " "))
      .map(([n, m, c]) => (m + c.repeat(n)).slice(0, Math.max(n, m.length))),
  },
  { weight: 1, arbitrary: fc.constantFrom("\ud800", "a\udfffb", "\uffff", "\ufffe") },
);

export const uuid = fc.uuid({ version: 4 });

/**
 * Percent-encodes like a browser; a lone surrogate (which encodeURIComponent refuses) becomes the
 * bytes of an invalid UTF-8 sequence, one more malformed input for the server.
 */
export function percentEncode(value: string): string {
  return Array.from(value)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return "%ED%A0%80";
      }
    })
    .join("");
}

/** Path ids: real ones when given, random UUIDs, and things that are not ids at all. */
export function idFrom(known: () => string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .nat()
        .map(
          (i) => known()[i % Math.max(1, known().length)] ?? "00000000-0000-4000-8000-000000000000",
        ),
    },
    { weight: 2, arbitrary: uuid },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        "",
        "0",
        "-1",
        "1e9",
        "null",
        "../../etc/passwd",
        "%00",
        "%E0%A4%A",
        "%",
        "%zz",
        "a%2Fb",
        "00000000-0000-0000-0000-00000000000G",
        "00000000000000000000000000000000",
        "' or 1=1",
        `<i data-fuzz="${MARK}">`,
        "x".repeat(3000),
      ),
    },
    { weight: 1, arbitrary: text },
  );
}

export const email = fc.oneof(
  { weight: 3, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.nat().map((n) => `fuzz-${n}@example.com`) },
  { weight: 2, arbitrary: text.map((t) => `${t}@example.com`) },
  { weight: 1, arbitrary: text },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "a@b",
      "@example.com",
      "a@@example.com",
      " A@EXAMPLE.COM ",
      `${"a".repeat(250)}@example.com`,
    ),
  },
);

export const password = fc.oneof(
  fc.string({ minLength: 8, maxLength: 40 }),
  fc.constantFrom("", "short", "x".repeat(128), "x".repeat(129), "\u0000".repeat(10)),
  text,
);

export const httpUrl = fc.oneof(
  { weight: 3, arbitrary: fc.webUrl({ validSchemes: ["https", "http"] }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `javascript:fuzz(${MARK})`,
      "data:text/html,<b>x</b>",
      "//evil.example/x.png",
      "/images/game.png",
      "/\\evil",
      "http://",
      "ftp://example.com/x",
      `https://example.com/"><img src=x data-fuzz=${MARK}>`,
      `https://example.com/?q=<i data-fuzz="${MARK}">`,
    ),
  },
  { weight: 1, arbitrary: text },
);

/** Query strings: sometimes sensible, sometimes malformed. */
export const queryString = fc.oneof(
  fc.constant(""),
  fc
    .array(
      fc.tuple(
        fc.constantFrom("limit", "tab", "redirectTo", "token", "error", "q", "game", "kind", "tag"),
        text,
      ),
      {
        maxLength: 3,
      },
    )
    .map((pairs) =>
      pairs
        .map(([k, v]) => `${k}=${encodeURIComponent(v.replace(/[\ud800-\udfff]/g, ""))}`)
        .join("&"),
    ),
  fc.constantFrom(
    "limit=1",
    "limit=100",
    "limit=101",
    "limit=0",
    "limit=-5",
    "limit=1.5",
    "limit=1e2",
    "limit=%",
    "limit=%E0%A4%A",
    "limit=1&limit=2",
    "limit[]=1",
    "redirectTo=//evil.example",
    "redirectTo=javascript:alert(1)",
    "tab=settings",
    "kind=patch-notes",
    "kind=devlog&tag=Level%20Design",
    "tag=%23roadmap",
    "game=lantern-keeper&kind=launch",
    "game=00000000-0000-4000-8000-000000000000",
    "game=%00",
    "=&&=",
    "%",
  ),
);

/** A small, valid PNG (1×1) and a few byte strings that only look like images. */
export const PNG_1PX = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  ),
);

export const imageBytes = fc.oneof(
  fc.constant(PNG_1PX),
  fc.uint8Array({ maxLength: 2048 }),
  fc
    .uint8Array({ maxLength: 64 })
    .map((tail) => Uint8Array.from([...PNG_1PX.slice(0, 16), ...tail])),
  fc.constant(
    new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`),
  ),
  fc.constant(new Uint8Array(0)),
);

/** A zip of the files as they are (stored, not deflated), written at once for a generator. */
export function storedZip(files: Record<string, Uint8Array | string>): Uint8Array {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(fileName.length, 26);
    local.push(header, fileName, data);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, fileName);
    offset += header.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...local, directory, end]));
}
