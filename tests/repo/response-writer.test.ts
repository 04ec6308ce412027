import { Writable } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { writeReadableStreamToWritable } from "@react-router/node";
import { describe, expect, it } from "vitest";

// The writer @react-router/express uses for every response. React Router 7.18 races each read
// against one promise that settles only when the response ends, and each race keeps its settled
// read, chunk included, until then: a 58 MB download was held whole per request
// (remix-run/react-router#15247). patches/@react-router+node+*.patch backports the 8.x fix
// (docs/performance.md#a-big-download); this fails if an upgrade or a lost patch brings it back.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const CHUNK = 256 * 1024;
const CHUNKS = 48;
const CHECK_AT = 40;

describe("the response writer", () => {
  it("lets go of each chunk once written, before the response ends", async () => {
    const written: WeakRef<Uint8Array>[] = [];
    let sent = 0;
    let stillHeld = -1;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (sent === CHECK_AT) {
            // A new task: weak references made in earlier ones may now be collected.
            await new Promise((resolve) => setTimeout(resolve, 0));
            gc();
            stillHeld = written.filter((ref) => ref.deref() !== undefined).length;
          }
          if (sent === CHUNKS) {
            controller.close();
            return;
          }
          const chunk = new Uint8Array(CHUNK).fill(sent % 251);
          written.push(new WeakRef(chunk));
          sent += 1;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });

    await writeReadableStreamToWritable(body, sink);

    expect(bytes).toBe(CHUNK * CHUNKS);
    // Of the 40 chunks written when the check ran, only the last one or two may still be in use.
    expect(stillHeld).toBeGreaterThanOrEqual(0);
    expect(stillHeld).toBeLessThanOrEqual(3);
  });
});
