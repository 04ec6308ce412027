import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A local SMTP server for the system tests that mail (the newsletter's sends, a scheduled post):
// it keeps each accepted mail's recipient, Message-ID, subject and time, and can refuse chosen
// recipients, temporarily (451, once) or permanently (550, every time).

export type Received = { to: string; messageId: string; subject: string; at: number };

/** Starts the server on a free port of 127.0.0.1. */
export async function startSmtp() {
  const received: Received[] = [];
  const refusals = new Map<string, number>();
  let refusing: { temporary: Set<string>; permanent: Set<string> } = {
    temporary: new Set(),
    permanent: new Set(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    maxClients: 100,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (refusing.permanent.has(to)) {
        refusals.set(to, (refusals.get(to) ?? 0) + 1);
        return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
      }
      if (refusing.temporary.has(to)) {
        refusing.temporary.delete(to);
        refusals.set(to, (refusals.get(to) ?? 0) + 1);
        return callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
        const header = (name: string) =>
          head.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
        for (const rcpt of session.envelope.rcptTo)
          received.push({
            to: rcpt.address.toLowerCase(),
            messageId: header("Message-ID"),
            subject: header("Subject"),
            at: Date.now(),
          });
        callback();
      });
    },
  });
  // A killed server process drops its connections (ECONNRESET): expected, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    refusals,
    refuse(temporary: string[], permanent: string[]) {
      refusing = { temporary: new Set(temporary), permanent: new Set(permanent) };
      refusals.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
