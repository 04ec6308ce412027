import { describe, expect, it } from "vitest";
import { HookSchema, maskUrl, urlProblem } from "./hook-schema";

const DISCORD =
  "https://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789";

function messages(input: Record<string, string>) {
  const result = HookSchema.safeParse({
    kind: "discord",
    scope: "studio",
    label: "News",
    ...input,
  });
  if (result.success) return {};
  return Object.fromEntries(
    result.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("hook form schema", () => {
  it("takes a Discord webhook with a role and a thread title, and a public https receiver", () => {
    expect(
      messages({ url: DISCORD, roleId: "112233445566778899", threadName: "New post" }),
    ).toEqual({});
    expect(messages({ kind: "webhook", url: "https://hooks.example.com/studio?k=1" })).toEqual({});
    // Editing: a blank URL keeps the stored one.
    expect(messages({ hookId: "0b6f7e0e-4d1a-4d7b-9a51-0f6a4a1e2b3c", url: "" })).toEqual({});
  });

  it.each([
    [
      "http://discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWx",
      "must start with https://",
    ],
    [
      "https://evil.example/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWx",
      "starts with https://discord.com",
    ],
    [
      "https://discord.com.evil.example/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWx",
      "starts with https://discord.com",
    ],
    ["https://discord.com/api/webhooks/123/short", "Copy the whole webhook URL"],
    [
      "https://user:pw@discord.com/api/webhooks/123456789012345678/AbCdEfGhIjKlMnOpQrStUvWx",
      "user name or password",
    ],
    ["javascript:alert(1)", "must start with https://"],
    ["not a url", "full URL"],
  ])("refuses the Discord URL %s", (url, message) => {
    expect(messages({ url }).url).toContain(message);
  });

  it.each([
    ["http://hooks.example.com/x", "https://"],
    ["https://localhost/hook", "public host"],
    ["https://127.0.0.1/hook", "public host"],
    ["https://169.254.169.254/latest/meta-data", "public host"],
    ["https://[::1]/hook", "public host"],
    ["https://printer.local/hook", "public host"],
    // Names a network gives its own machines, and trailing dots the URL parser keeps.
    ["https://vm/hook", "public host"],
    ["https://metadata/computeMetadata/v1/", "public host"],
    ["https://intranet/hook", "public host"],
    ["https://localhost../hook", "public host"],
    ["https://hooks.example.com:8443/x", "standard https port"],
  ])("refuses the receiver URL %s", (url, message) => {
    expect(messages({ kind: "webhook", url }).url).toContain(message);
  });

  it("refuses control characters, overlong fields, a bad role id and Discord options on a webhook", () => {
    expect(messages({ url: DISCORD, label: "News\u0007" }).label).toMatch(/control characters/);
    expect(messages({ url: DISCORD, label: "x".repeat(81) }).label).toMatch(/at most 80/);
    expect(messages({ url: `${DISCORD}${"a".repeat(500)}` }).url).toMatch(/at most 500/);
    expect(messages({ url: DISCORD, threadName: "t\u0000" }).threadName).toMatch(/control/);
    expect(messages({ url: DISCORD, roleId: "@everyone" }).roleId).toMatch(/17 to 20 digit/);
    expect(messages({ url: "" }).url).toBe("URL is required");
    expect(messages({ url: DISCORD, label: "  " }).label).toBe("Name is required");
    expect(
      messages({
        kind: "webhook",
        url: "https://hooks.example.com/x",
        roleId: "112233445566778899",
      }).roleId,
    ).toMatch(/for Discord hooks/);
    expect(messages({ kind: "slack", url: DISCORD }).kind).toMatch(/Discord or Webhook/);
  });

  it("masks a stored URL: never Discord's token, never a receiver's path or query", () => {
    const masked = maskUrl("discord", DISCORD);
    expect(masked).toBe("discord.com/api/webhooks/…5678/••••••");
    expect(masked).not.toContain("AbCd");
    expect(maskUrl("webhook", "https://hooks.example.com/secret-path?token=x")).toBe(
      "hooks.example.com/…",
    );
    expect(urlProblem("discord", DISCORD)).toBeNull();
  });
});
