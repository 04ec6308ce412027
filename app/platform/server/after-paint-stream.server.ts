import { Transform, type TransformCallback } from "node:stream";
import { PARKED_MODULE_TYPE, PARKED_PRELOAD_ATTRIBUTE } from "~/platform/hydration/after-paint";

/**
 * The markup React Router's `<Scripts>` writes, and what it becomes until the first paint,
 * so no script competes with the text for the line. React escapes quotes in text and attribute values, so these bytes only ever
 * occur as the elements' own attributes.
 */
const PARKED: readonly (readonly [Buffer, Buffer])[] = [
  [
    Buffer.from('<link rel="modulepreload" '),
    Buffer.from(`<link ${PARKED_PRELOAD_ATTRIBUTE}="modulepreload" `),
  ],
  [Buffer.from(' type="module" async=""'), Buffer.from(` type="${PARKED_MODULE_TYPE}" async=""`)],
];
const LONGEST = Math.max(...PARKED.map(([from]) => from.length));

/**
 * A stream that parks a document's module preloads and its inline module script; the page's
 * `afterPaintScript` starts them once the first frame is painted. Markup split across two chunks
 * is still found: the last bytes of a chunk that could begin it wait for the next chunk.
 */
export function afterPaintStream(): Transform {
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      const input = Buffer.concat([held, typeof chunk === "string" ? Buffer.from(chunk) : chunk]);
      const keep = partialMatchAtEnd(input, endOfLastMatch(input));
      held = Buffer.from(input.subarray(input.length - keep));
      const output = park(input.subarray(0, input.length - keep));
      callback(null, output.length > 0 ? output : undefined);
    },
    flush(callback: TransformCallback) {
      callback(null, held.length > 0 ? park(held) : undefined);
    },
  });
}

/** The document's bytes with every preload and module script parked. */
function park(input: Buffer): Buffer {
  let output = input;
  for (const [from, to] of PARKED) output = replaceAll(output, from, to);
  return output;
}

function replaceAll(input: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = input.indexOf(from);
  if (at === -1) return input;
  const parts: Buffer[] = [];
  let start = 0;
  for (; at !== -1; at = input.indexOf(from, start)) {
    parts.push(input.subarray(start, at), to);
    start = at + from.length;
  }
  parts.push(input.subarray(start));
  return Buffer.concat(parts);
}

/** Where the last whole markup to park ends in input (0 when there is none). */
function endOfLastMatch(input: Buffer): number {
  let end = 0;
  for (const [from] of PARKED) {
    const at = input.lastIndexOf(from);
    if (at !== -1) end = Math.max(end, at + from.length);
  }
  return end;
}

/**
 * How many bytes at the end of input, after `after`, are a proper prefix of some parked markup:
 * held for the next chunk. (The end of a whole match may look like the start of another.)
 */
function partialMatchAtEnd(input: Buffer, after: number): number {
  for (let length = Math.min(LONGEST - 1, input.length - after); length > 0; length--) {
    const tail = input.subarray(input.length - length);
    if (PARKED.some(([from]) => from.length > length && tail.equals(from.subarray(0, length)))) {
      return length;
    }
  }
  return 0;
}
