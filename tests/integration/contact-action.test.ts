import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { contactMessages } from "../../app/db/schema";
import { UNREADABLE_FORM } from "../../app/platform/forms/read-form.server";
import { runtimeContext } from "../../app/platform/server/context.server";
import { action } from "../../app/routes/contact";
import { testEngines } from "../support/database";
import { said } from "../support/reply";
import { testContext, unwrap } from "../support/runtime";

const good = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Press kit",
  message: "Hello!\nCould we talk?",
};

function post(fields: Record<string, string>) {
  return new Request("http://localhost/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe.each(testEngines())("contact action on $name", (engine) => {
  let handle: DatabaseHandle;
  const stored = () => handle.db.select().from(contactMessages);

  async function submit(
    fields: Record<string, string>,
    ip = "203.0.113.7",
    limit = "5",
    env: Record<string, string> = {},
  ) {
    const context = testContext(handle, {
      clientIp: ip,
      env: { CONTACT_RATE_LIMIT: limit, ...env },
    });
    const result = unwrap(await action({ request: post(fields), context, params: {} } as never));
    return { status: result.status, body: said(result.body) };
  }

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.execute(sql`truncate contact_messages, rate_limits`);
  });

  it("stores a valid message, trimmed and unread", async () => {
    const result = await submit({ ...good, name: "  Ada Lovelace  " });
    expect(result).toEqual({ status: 200, body: { ok: true } });
    const rows = await stored();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...good, read: false });
  });

  it.each([
    ["name", "", "Name is required"],
    ["email", "", "Email is required"],
    ["email", "not-an-address", "Invalid email address"],
    ["email", "a@b", "Invalid email address"],
    ["subject", "   ", "Subject is required"],
    ["message", "", "Message is required"],
  ])("refuses %s=%j with the spec's message and stores nothing", async (field, value, message) => {
    const result = await submit({ ...good, [field]: value });
    expect(result.status).toBe(400);
    expect(result.body.errors).toEqual({ [field]: message });
    expect(result.body.values?.subject).toBe(field === "subject" ? value : good.subject);
    expect(await stored()).toHaveLength(0);
  });

  it("reports every missing field at once", async () => {
    const result = await submit({});
    expect(result.body.errors).toEqual({
      name: "Name is required",
      email: "Email is required",
      subject: "Subject is required",
      message: "Message is required",
    });
    expect(await stored()).toHaveLength(0);
  });

  it("refuses an over-long message with a clear message", async () => {
    const result = await submit({ ...good, message: "x".repeat(5001) });
    expect(result.status).toBe(400);
    expect(result.body.errors?.message).toBe("Message must be at most 5000 characters");
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a filled honeypot with a clear message and stores nothing", async () => {
    const result = await submit({ ...good, website: "https://spam.example" });
    expect(result.status).toBe(400);
    expect(result.body.formError).toMatch(/not sent/);
    expect(await stored()).toHaveLength(0);
  });

  it("a filled honeypot says only that, whatever else is wrong with the form", async () => {
    const result = await submit({ ...good, email: "nope", website: "https://spam.example" });
    expect(result.status).toBe(400);
    expect(result.body.formError).toMatch(/not sent/);
    expect(result.body.errors).toBeUndefined();
    expect(result.body.values?.email).toBe("nope");
  });

  it("answers a store that fails with 503, keeps the typed values and stores nothing", async () => {
    const context = testContext(handle);
    const db = context.get(runtimeContext).db;
    context.get(runtimeContext).db = new Proxy(db, {
      get: (target, key) =>
        key === "insert"
          ? () => {
              throw new Error("the store is down");
            }
          : Reflect.get(target, key),
    });
    const result = unwrap(await action({ request: post(good), context, params: {} } as never));
    expect(result.status).toBe(503);
    const body = said(result.body);
    expect(body.formError).toBe("An unexpected error occurred. Please try again.");
    expect(body.values).toEqual(good);
    expect(await stored()).toHaveLength(0);
  });

  it("limits each address, counting valid messages only, and stores nothing past the limit", async () => {
    await submit({ ...good, name: "" }, "198.51.100.1", "2");
    expect((await submit(good, "198.51.100.1", "2")).status).toBe(200);
    expect((await submit(good, "198.51.100.1", "2")).status).toBe(200);
    const refused = await submit(good, "198.51.100.1", "2");
    expect(refused.status).toBe(429);
    expect(refused.body.formError).toMatch(
      /^Too many messages from your address\. Please try again in \d+ minutes?\.$/,
    );
    expect(await stored()).toHaveLength(2);
    // Another address has its own allowance.
    expect((await submit(good, "198.51.100.2", "2")).status).toBe(200);
    expect(await stored()).toHaveLength(3);
  });

  it("limits every submission per address too, invalid or caught by the honeypot", async () => {
    const ceiling = { CONTACT_ATTEMPT_LIMIT: "3" };
    const ip = "198.51.100.9";
    expect((await submit({ ...good, email: "nope" }, ip, "5", ceiling)).status).toBe(400);
    expect(
      (await submit({ ...good, website: "https://spam.example" }, ip, "5", ceiling)).status,
    ).toBe(400);
    expect((await submit({}, ip, "5", ceiling)).status).toBe(400);
    const refused = await submit({ ...good, email: "still-nope" }, ip, "5", ceiling);
    expect(refused.status).toBe(429);
    expect(refused.body.formError).toMatch(
      /^Too many messages from your address\. Please try again in \d+ minutes?\.$/,
    );
    // Past the ceiling even a valid message waits, and nothing is stored.
    expect((await submit(good, ip, "5", ceiling)).status).toBe(429);
    expect(await stored()).toHaveLength(0);
    expect((await submit(good, "198.51.100.10", "5", ceiling)).status).toBe(200);
  });

  it("answers a body it cannot read with 400", async () => {
    const request = new Request("http://localhost/contact", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing" },
      body: "garbage",
    });
    const result = unwrap(
      await action({ request, context: testContext(handle), params: {} } as never),
    );
    expect(result.status).toBe(400);
    expect(said(result.body).formError).toBe(UNREADABLE_FORM);
    expect(await stored()).toHaveLength(0);
  });
});
