import fs from "node:fs";
import path from "node:path";
import { type AppContext, runtimeContext } from "../../app/platform/server/context.server";

// The outbox mailer writes each mail to DATA_DIR/outbox/<time>-….eml; the tests read them there.

export type Mail = {
  file: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part, "" when the mail has none. */
  html: string;
  /** Every header of the message, names in lower case (folded lines unfolded). */
  headers: Record<string, string>;
  links: string[];
};

/** The mails in an outbox directory, oldest first (file names start with the send time). */
export function readOutbox(dir: string): Mail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}

/** A header block as lower-case names and unfolded values. */
function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** A part's body as text, its transfer encoding undone. */
function decodeBody(body: string, encoding = ""): string {
  if (/quoted-printable/i.test(encoding)) {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  if (/base64/i.test(encoding))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** An encoded-word header (=?UTF-8?B?…?= or =?UTF-8?Q?…?=) as text. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === "b"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
  );
}

/** The text and HTML parts of a message (a plain one, or multipart, nested or not). */
function partsOf(headers: Record<string, string>, body: string): { text: string; html: string } {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/i)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const found = { text: "", html: "" };
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const part = chunk.replace(/^\r\n/, "");
      const split = part.indexOf("\r\n\r\n");
      const inner = partsOf(
        parseHeaders(part.slice(0, split)),
        part.slice(split + 4).replace(/\r\n$/, ""),
      );
      found.text ||= inner.text;
      found.html ||= inner.html;
    }
    return found;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"]);
  return /^text\/html/i.test(type) ? { text: "", html: decoded } : { text: decoded, html: "" };
}

function readMail(file: string): Mail {
  const raw = fs.readFileSync(file, "utf8");
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  const { text, html } = partsOf(headers, raw.slice(split + 4));
  return {
    file,
    from: decodeWords(headers.from ?? ""),
    to: headers.to ?? "",
    subject: decodeWords(headers.subject ?? ""),
    text,
    html,
    headers,
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

/** A text message the outbox transport wrote (DATA_DIR/outbox/sms-<time>-….txt). */
export type TextMessage = { file: string; to: string; body: string };

/** The text messages in an outbox directory, oldest first (file names start with the send time). */
export function readTextMessages(dir: string): TextMessage[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^sms-.*\.txt$/.test(name))
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const [head = "", ...rest] = fs.readFileSync(file, "utf8").split("\n\n");
      return { file, to: head.replace(/^To:\s*/, "").trim(), body: rest.join("\n\n").trim() };
    });
}

/** The six-digit code a sign-in text message carries. */
export function codeOf(message: TextMessage): string {
  const code = message.body.match(/^(\d{6}) is your /)?.[1];
  if (!code) throw new Error(`no code in the text message to ${message.to}: ${message.body}`);
  return code;
}
