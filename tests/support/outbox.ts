import fs from "node:fs";
import path from "node:path";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";

// The outbox mailer writes each mail to DATA_DIR/outbox/<time>-….eml; the tests read them there.

export type Mail = { file: string; to: string; subject: string; text: string; links: string[] };

/** The mails in an outbox directory, oldest first (file names start with the send time). */
export function readOutbox(dir: string): Mail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}

function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const text = raw.slice(split + 4);
  const header = (name: string) =>
    head.match(new RegExp(`^${name}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
  return {
    file,
    to: header("To"),
    subject: header("Subject"),
    text,
    links: text.match(/https?:\/\/\S+/g) ?? [],
  };
}

/** The mails in an outbox directory sent to an address, oldest first. */
export function mailsIn(dir: string, to: string): Mail[] {
  return readOutbox(dir).filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
}

/** The links of the mails the outbox mailer of a test runtime wrote to `to`, oldest mail first. */
export function outboxLinks(context: AppContext, to: string): string[] {
  return mailsIn(path.join(context.get(runtimeContext).env.DATA_DIR, "outbox"), to).flatMap(
    (mail) => mail.links,
  );
}
