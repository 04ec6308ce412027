import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { createLogger } from "~/platform/logging/logger.server";
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

  it("writes a mail with an HTML part and headers as multipart/alternative, text part first", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-mail-"));
    const mailer = createMailer({ dataDir, logger: createLogger("silent") });
    const link = `https://studio.example/newsletter/unsubscribe?token=${"y".repeat(150)}`;
    await mailer.send({
      to: "ada@example.com",
      subject: "News ✓",
      text: `Read it:\n${link}\n`,
      html: `<p><a href="${link}">Read it</a></p>`,
      headers: {
        "Message-ID": "<stable-1@studio.example>",
        "List-Unsubscribe": `<${link}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": "<studio.studio.example>",
      },
    });
    const [file] = fs.readdirSync(path.join(dataDir, "outbox"));
    const eml = fs.readFileSync(path.join(dataDir, "outbox", file!), "utf8");
    const { readOutbox } = await import("../../../tests/support/outbox");
    const [mail] = readOutbox(path.join(dataDir, "outbox"));
    expect(eml).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(eml.indexOf("text/plain")).toBeLessThan(eml.indexOf("text/html"));
    expect(mail!.headers["message-id"]).toBe("<stable-1@studio.example>");
    expect(mail!.headers["list-unsubscribe"]).toBe(`<${link}>`);
    expect(mail!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail!.headers["list-id"]).toBe("<studio.studio.example>");
    expect(mail!.subject).toBe("News ✓");
    expect(mail!.links).toEqual([link]);
    expect(mail!.html).toContain(`<a href="${link}">`);
  });

  it("sets Reply-To when a mail has one, and ends every Message-ID with the site's host", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-mail-"));
    const mailer = createMailer({
      dataDir,
      logger: createLogger("silent"),
      siteUrl: "https://emberfall.example:8443/",
    });
    const { readOutbox } = await import("../../../tests/support/outbox");
    await mailer.send({
      to: "a@example.com",
      subject: "Plain",
      text: "x",
      replyTo: "ana@press.test",
    });
    await mailer.send({ to: "b@example.com", subject: "Plain", text: "y" });
    await mailer.send({
      to: "c@example.com",
      subject: "Rich",
      text: "z",
      html: "<p>z</p>",
      // Only one plain address reaches the header: one that would split it is left out.
      replyTo: "press@studio.test\r\nBcc: x@evil.test",
    });
    // Sent within one millisecond, the files' order is not the sending order: found by address.
    const sent = readOutbox(path.join(dataDir, "outbox"));
    const [plain, none, rich] = ["a@example.com", "b@example.com", "c@example.com"].map((to) =>
      sent.find((mail) => mail.to === to),
    );
    expect(plain!.headers["reply-to"]).toBe("ana@press.test");
    expect(none!.headers["reply-to"]).toBeUndefined();
    expect(rich!.headers["reply-to"]).toBeUndefined();
    expect(rich!.headers.bcc).toBeUndefined();
    for (const mail of [plain, none, rich])
      expect(mail!.headers["message-id"]).toMatch(/^<[\w-]+@emberfall\.example>$/);
  });

  it("logs the file and the links with their tokens masked; prints them whole only when asked", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const print = vi.fn();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "studio-mail-"));
    const link = "http://localhost:3000/api/auth/reset-password/RESETTOKEN?callbackURL=%2Fauth";
    const mail = { to: "ada@example.com", subject: "Reset", text: `Here:\n${link}\n` };

    await createMailer({ dataDir, logger: createLogger("info", stream) }).send(mail);
    expect(print).not.toHaveBeenCalled();
    const [line] = lines.map((l) => JSON.parse(l));
    expect(line.msg).toBe("mail written to the outbox");
    expect(line.file).toMatch(/\.eml$/);
    expect(line.links).toEqual([
      "http://localhost:3000/api/auth/reset-password/[redacted]?callbackURL=[redacted]",
    ]);
    expect(lines.join("")).not.toContain("RESETTOKEN");

    await createMailer({ dataDir, logger: createLogger("silent"), printLinks: print }).send(mail);
    expect(print).toHaveBeenCalledWith(expect.stringContaining(link));
  });
});

describe("SMTP mailer", () => {
  it("sends each mail to the SMTP_URL server, the client loaded with the first one", async () => {
    // A minimal SMTP server: accepts everything and keeps each message's data.
    const messages: string[] = [];
    const server = net.createServer((socket) => {
      let buffer = "";
      let inData = false;
      socket.write("220 test ready\r\n");
      socket.on("data", (chunk) => {
        buffer += String(chunk);
        for (;;) {
          if (inData) {
            const end = buffer.indexOf("\r\n.\r\n");
            if (end < 0) return;
            messages.push(buffer.slice(0, end));
            buffer = buffer.slice(end + 5);
            inData = false;
            socket.write("250 queued\r\n");
            continue;
          }
          const newline = buffer.indexOf("\r\n");
          if (newline < 0) return;
          const command = buffer.slice(0, newline).toUpperCase();
          buffer = buffer.slice(newline + 2);
          if (command.startsWith("DATA")) {
            inData = true;
            socket.write("354 go ahead\r\n");
          } else if (command.startsWith("QUIT")) socket.end("221 bye\r\n");
          else socket.write("250 ok\r\n");
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "studio-mail-")),
        logger: createLogger("silent"),
      });
      expect(mailer.describe).toBe("SMTP");
      await mailer.send({ to: "ada@example.com", subject: "First", text: "one" });
      await mailer.send({ to: "bob@example.com", subject: "Second", text: "two" });
      expect(messages).toHaveLength(2);
      expect(messages[0]).toContain("To: ada@example.com");
      expect(messages[0]).toContain("Subject: First");
      expect(messages[0]).toMatch(/From: .*<no-reply@/);
      expect(messages[1]).toContain("Subject: Second");
      // Without SITE_URL a Message-ID is at localhost, never at a name of the software's own.
      expect(messages[1]).toMatch(/^Message-ID: <[\w-]+@localhost>$/m);
      await mailer.send({ to: "di@example.com", subject: "Reply", text: "r", replyTo: "x@y.test" });
      expect(messages.at(-1)).toMatch(/^Reply-To: x@y\.test$/m);
      messages.pop();
      // A newsletter mail: both parts, its list headers and its own Message-ID as given.
      await mailer.send({
        to: "cy@example.com",
        subject: "Post",
        text: "plain words",
        html: "<p>rich words</p>",
        headers: {
          "Message-ID": "<nl.1.2@studio.example>",
          "List-Id": "<studio.studio.example>",
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
      });
      expect(messages[2]).toContain("Message-ID: <nl.1.2@studio.example>");
      expect(messages[2]).toMatch(/^List-Id: <studio\.studio\.example>$/im);
      expect(messages[2]).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(messages[2]).toMatch(/Content-Type: multipart\/alternative/);
      expect(messages[2]).toContain("<p>rich words</p>");
    } finally {
      server.close();
    }
  });
});
