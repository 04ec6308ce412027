import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createLogger } from "~/server/logger.server";
import { createMailer } from "./mailer.server";

describe("outbox mailer", () => {
  it("writes one .eml per mail whose long links stay plain, unbroken URLs", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-mail-"));
    const mailer = createMailer({ dataDir, logger: createLogger("silent") });
    const link = `http://localhost:3000/api/auth/verify-email?token=${"x".repeat(180)}&callbackURL=%2F`;
    await mailer.send({
      to: "ada@example.com",
      subject: "Confirm your account ✓",
      text: `Open this:\n${link}\n`,
    });
    const files = fs.readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(eml).toContain("To: ada@example.com");
    expect(eml).toContain("Subject: =?UTF-8?B?");
    expect(eml.match(/https?:\/\/\S+/g)).toEqual([link]);
  });
});
