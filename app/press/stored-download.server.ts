import type { Readable } from "node:stream";
import parseRange from "range-parser";
import type { Storage } from "~/platform/storage/storage.server";

// A press download served from storage as a stream (docs/product.md#press-kit): a range when one
// is asked for (a resumed or segmented download), the whole file otherwise, read as it is sent
// (docs/performance.md#a-big-download: each chunk is let go once written). Each client
// address has at most DOWNLOADS_PER_ADDRESS bodies streaming at once in a process; one more is a
// 429 until one of them ends.

export const DOWNLOADS_PER_ADDRESS = 4;
export const TOO_MANY_DOWNLOADS =
  "Too many downloads at once from your address: wait for one to finish, then try again.";

const streaming = new Map<string, number>();

/** How many bodies an address is streaming now (for tests). */
export function downloadsOf(address: string): number {
  return streaming.get(address) ?? 0;
}

function headersOf(type: string, filename: string, etag: string): Record<string, string> {
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    // Opened rather than saved (an SVG logo is a document), nothing in it runs or loads.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Accept-Ranges": "bytes",
    ETag: etag,
  };
}

/**
 * A web stream that reads the file only as the response is written: one chunk per pull. (Node 20's
 * `Readable.toWeb` counts chunks, not bytes, against the file stream's high-water mark of 65,536,
 * so it reads a whole zip ahead of a slow client: nodejs/node#46347.)
 */
function pulled(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value as Uint8Array);
      },
      cancel() {
        body.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

/** The headers of a download without its body (a HEAD): nothing is read. */
export function downloadHead(file: {
  type: string;
  filename: string;
  etag: string;
  size: number | null;
}): Response {
  const headers = headersOf(file.type, file.filename, file.etag);
  return new Response(null, {
    headers: file.size === null ? headers : { ...headers, "Content-Length": String(file.size) },
  });
}

/**
 * A GET of a stored file: 200 with the whole file, 206 with the one range asked (an `If-Range`
 * naming another version gets the whole file), 416 for a range past its end, 429 when the address
 * already streams its share. Several ranges in one request get the whole file.
 */
export async function streamDownload(
  request: Request,
  storage: Storage,
  file: { key: string; type: string; filename: string; etag: string; size: number },
  address: string,
): Promise<Response> {
  const headers = headersOf(file.type, file.filename, file.etag);
  const asked = request.headers.get("Range");
  const ifRange = request.headers.get("If-Range");
  const parsed = asked && (!ifRange || ifRange === file.etag) ? parseRange(file.size, asked) : -2;
  if (parsed === -1) {
    return new Response(null, {
      status: 416,
      headers: { ...headers, "Content-Range": `bytes */${file.size}` },
    });
  }
  const range =
    Array.isArray(parsed) && parsed.type === "bytes" && parsed.length === 1 ? parsed[0] : undefined;
  if ((streaming.get(address) ?? 0) >= DOWNLOADS_PER_ADDRESS) {
    return new Response(TOO_MANY_DOWNLOADS, {
      status: 429,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "10" },
    });
  }
  const body = await storage.read(file.key, range);
  if (!body) return new Response("Not found", { status: 404 });
  streaming.set(address, (streaming.get(address) ?? 0) + 1);
  let ended = false;
  body.once("close", () => {
    if (ended) return;
    ended = true;
    const left = (streaming.get(address) ?? 1) - 1;
    if (left > 0) streaming.set(address, left);
    else streaming.delete(address);
  });
  const stream = pulled(body);
  if (!range) {
    return new Response(stream, {
      headers: { ...headers, "Content-Length": String(file.size) },
    });
  }
  return new Response(stream, {
    status: 206,
    headers: {
      ...headers,
      "Content-Length": String(range.end - range.start + 1),
      "Content-Range": `bytes ${range.start}-${range.end}/${file.size}`,
    },
  });
}
