import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the receivers of announcements: it plays Discord (/api/webhooks/…: execute
// answers a message id, edit and delete answer 404 for a message it does not hold) and a generic
// receiver (any other path), records every call, and answers scripted statuses first when a test
// queues them.

export type Seen = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** The stand-in: records every call; `script` answers the next calls (else Discord's behaviour). */
export function standIn() {
  const seen: Seen[] = [];
  const script: { status: number; body?: string }[] = [];
  const messages = new Set<string>();
  let next = 1000;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      seen.push({
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
      });
      const scripted = script.shift();
      if (scripted) {
        res.writeHead(scripted.status, { "content-type": "application/json" });
        res.end(scripted.body ?? "{}");
        return;
      }
      const message = url.pathname.match(/\/messages\/(\d+)$/)?.[1];
      if (url.pathname.startsWith("/api/webhooks/") && req.method === "POST") {
        const id = String(next++);
        messages.add(id);
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ id, channel_id: url.searchParams.get("thread_id") ?? "42" }));
      } else if (message && !messages.has(message)) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end('{"message": "Unknown Message", "code": 10008}');
      } else if (message && req.method === "DELETE") {
        messages.delete(message);
        res.writeHead(204).end();
      } else {
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
      }
    });
  });
  return {
    seen,
    script,
    messages,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, "127.0.0.1", () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
