import { describe, expect, it } from "vitest";
import { mailboxOf, recipientDomain } from "./mailbox";

describe("mailboxOf", () => {
  it.each([
    ["ana@example.com", "ana@example.com"],
    ["Ana@Example.COM", "ana@example.com"],
    ["ana+1@example.com", "ana@example.com"],
    ["ana+news+2@example.com", "ana@example.com"],
    ["a.na@example.com", "a.na@example.com"],
    ["a.n.a+x@gmail.com", "ana@gmail.com"],
    ["A.NA@googlemail.com", "ana@gmail.com"],
    ["+tag@example.com", "+tag@example.com"],
  ])("%s reaches %s", (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });

  it("names the recipient's domain", () => {
    expect(recipientDomain("Ana+1@Mail.Example.COM")).toBe("mail.example.com");
  });
});
