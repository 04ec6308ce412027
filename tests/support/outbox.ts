import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "react-router";

/** The links of the mails the outbox mailer wrote to `to`, oldest mail first. */
export function outboxLinks(context: AppLoadContext, to: string): string[] {
  const dir = path.join(context.runtime.env.DATA_DIR, "outbox");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".eml"))
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), "utf8"))
    .filter((mail) => mail.includes(`To: ${to}`))
    .flatMap((mail) => mail.match(/https?:\/\/\S+/g) ?? []);
}
