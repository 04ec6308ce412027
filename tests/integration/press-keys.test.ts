import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import {
  games,
  pressKeyRequests,
  pressKeys,
  pressKits,
  staffAuditLog,
  users,
} from "../../app/db/schema";
import { createLogger } from "../../app/platform/logging/logger.server";
import { createMailer, type Mailer } from "../../app/platform/mail/mailer.server";
import { keySealer } from "../../app/press-desk/key-crypto.server";
import { declineKeyRequest } from "../../app/press-desk/key-requests.server";
import { importKeys, revokeKey, sendKey } from "../../app/press-desk/keys.server";
import { testEngines } from "../support/database";
import { readOutbox } from "../support/outbox";

const sealer = keySealer({ AUTH_SECRET: "test-secret-test-secret-test-secret-1234" });
const actor = { id: "staff", email: "staff@studio.test" };
const sender = {
  studioName: "Test Studio",
  fromName: "Test Studio",
  fromAddress: "no-reply@studio.test",
  pressAddress: "press@studio.test",
};

describe.each(testEngines())("press keys on $name", (engine) => {
  let handle: DatabaseHandle;
  let outbox: string;
  let mailer: Mailer;
  let gameId: string;

  async function request(email: string, platform = "Steam") {
    const [row] = await handle.db
      .insert(pressKeyRequests)
      .values({
        gameId,
        name: "Ana Writer",
        outlet: "Example Games",
        outletUrl: "https://example.com",
        audience: "120k readers",
        platform,
        message: "Review for launch week.",
        email,
      })
      .returning();
    return row!;
  }
  const send = (id: string, m: Mailer = mailer) =>
    sendKey(handle.db, sealer, actor, id, { mailer: m, sender });

  beforeAll(async () => {
    handle = await engine.open();
    await handle.db.insert(users).values({ id: actor.id, name: "Staff", email: actor.email });
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate press_keys, press_key_requests, press_kits, games cascade`,
    );
    await handle.db.execute(sql`delete from staff_audit_log`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "press-keys-"));
    outbox = path.join(dataDir, "outbox");
    mailer = createMailer({ dataDir, logger: createLogger("silent") });
    const [game] = await handle.db
      .insert(games)
      .values({
        title: "Lantern Deep",
        description: "A game.",
        imageUrl: "/x.png",
        url: "https://example.com",
        displayOrder: 1,
        slug: "lantern-deep",
      })
      .returning();
    gameId = game!.id;
  });

  it("imports a batch sealed, skipping doubles, and no column holds a key in clear", async () => {
    const first = await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "key\nCLEAR-KEY-0001\nCLEAR-KEY-0002\n",
      embargoUntil: new Date("2030-01-01T09:00:00Z"),
    });
    expect(first).toEqual({ added: 2, skipped: 0 });
    const again = await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "CLEAR-KEY-0002\nCLEAR-KEY-0003",
      embargoUntil: null,
    });
    expect(again).toEqual({ added: 1, skipped: 1 });
    // What a dump would show: every column of every row, as text.
    const dump = await handle.db.execute(sql`select t::text as row from press_keys t`);
    expect(dump.rows).toHaveLength(3);
    for (const { row } of dump.rows) expect(String(row)).not.toMatch(/CLEAR|KEY-000/);
    const audit = await handle.db.select().from(staffAuditLog);
    expect(audit.map((a) => a.action)).toEqual(["press_keys.import", "press_keys.import"]);
  });

  it("mails a key once with its embargo line and marks it sent", async () => {
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "ONLY-KEY-1",
      embargoUntil: new Date("2030-01-01T09:00:00Z"),
    });
    const r = await request("ana@example.com");
    const { keyId } = await send(r.id);
    await expect(send(r.id)).rejects.toMatchObject({ kind: "conflict" });
    const mails = readOutbox(outbox);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain("ana@example.com");
    expect(mails[0]!.text.split("ONLY-KEY-1")).toHaveLength(2);
    expect(mails[0]!.text).toContain("Embargo: please publish nothing before");
    // A journalist's reply goes to the press address, not to the sender nothing reads.
    expect(mails[0]!.headers["reply-to"]).toBe("press@studio.test");
    const [key] = await handle.db.select().from(pressKeys).where(eq(pressKeys.id, keyId));
    expect(key).toMatchObject({ state: "sent", requestId: r.id, sentTo: "ana@example.com" });
    await expect(revokeKey(handle.db, actor, keyId)).rejects.toMatchObject({ kind: "conflict" });
  });

  it("states the game's kit embargo when the batch has none, in the studio's zone and UTC", async () => {
    await handle.db
      .insert(pressKits)
      .values({ gameId, embargoUntil: new Date("2030-01-01T09:00:00Z") });
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "KIT-EMBARGO-1\nKIT-EMBARGO-2",
      embargoUntil: null,
    });
    await sendKey(handle.db, sealer, actor, (await request("ana@example.com")).id, {
      mailer,
      sender,
      timeZone: "Europe/Berlin",
    });
    const [mail] = readOutbox(outbox);
    expect(mail!.text).toContain(
      "Embargo: please publish nothing before January 1, 2030 10:00 AM (Europe/Berlin), January 1, 2030 9:00 AM (UTC).",
    );
    expect(mail!.text).not.toContain("There is no embargo");

    // Once the kit's embargo has passed, the next key says there is none.
    await handle.db
      .update(pressKits)
      .set({ embargoUntil: new Date("2020-01-01T09:00:00Z") })
      .where(eq(pressKits.gameId, gameId));
    await send((await request("bo@example.com")).id);
    const later = readOutbox(outbox).find((m) => m.to.includes("bo@example.com"));
    expect(later!.text).toContain("There is no embargo: you may publish when you are ready.");
  });

  // A request stored with a name and outlet holding lines of their own (from before the form took
  // one line only): the studio's mails quote them as the requester's words, on one line.
  it("relays the requester's name and outlet quoted, on one line, in the key and decline mails", async () => {
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "QUOTED-KEY-1",
      embargoUntil: null,
    });
    const hostile = {
      name: "Ana\n\nYour account is locked. Verify at https://evil.example/login\n",
      outlet: "Example\r\nBcc: everyone@example.com",
    };
    const insert = async (email: string) => {
      const [row] = await handle.db
        .insert(pressKeyRequests)
        .values({
          gameId,
          ...hostile,
          outletUrl: "https://example.com",
          audience: "120k readers",
          platform: "Steam",
          message: "",
          email,
        })
        .returning();
      return row!;
    };
    const sent = await insert("ana@example.com");
    const declined = await insert("bo@example.com");
    await send(sent.id);
    await declineKeyRequest(handle.db, actor, declined.id, { mailer, sender });
    const mails = readOutbox(outbox);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const lines = mail.text.split("\n");
      expect(lines[0]).toBe(
        "Hello “Ana Your account is locked. Verify at https://evil.example/login”,",
      );
      expect(mail.text).toContain("“Example Bcc: everyone@example.com”");
      expect(lines.filter((line) => line.startsWith("Your account"))).toEqual([]);
      expect(lines.filter((line) => line.startsWith("Bcc:"))).toEqual([]);
      expect(mail.headers["reply-to"]).toBe("press@studio.test");
    }
  });

  it("gives the last key to one of two requests sent at once", async () => {
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "LAST-KEY",
      embargoUntil: null,
    });
    const a = await request("a@example.com");
    const b = await request("b@example.com");
    const results = await Promise.allSettled([send(a.id), send(b.id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused).toMatchObject({ reason: { code: "no_key_left" } });
    const mails = readOutbox(outbox);
    expect(mails).toHaveLength(1);
    const keys = await handle.db.select().from(pressKeys);
    expect(keys).toHaveLength(1);
    expect(keys[0]!.state).toBe("sent");
    const winner = keys[0]!.requestId === a.id ? a : b;
    expect(mails[0]!.to).toContain(winner.email);
    // The refused request is still waiting, not approved without a key.
    const statuses = await handle.db.select().from(pressKeyRequests);
    expect(statuses.map((s) => s.status).sort()).toEqual(["approved", "pending"]);
  });

  it("sends one request once when two staff send it at once", async () => {
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "K-1\nK-2",
      embargoUntil: null,
    });
    const r = await request("ana@example.com");
    const results = await Promise.allSettled([send(r.id), send(r.id)]);
    expect(results.filter((x) => x.status === "fulfilled")).toHaveLength(1);
    expect(readOutbox(outbox)).toHaveLength(1);
    const states = (await handle.db.select().from(pressKeys)).map((k) => k.state).sort();
    expect(states).toEqual(["available", "sent"]);
  });

  it("a failed mail leaves the key available and the request pending", async () => {
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "K-9",
      embargoUntil: null,
    });
    const r = await request("ana@example.com");
    const broken: Mailer = { ...mailer, send: async () => Promise.reject(new Error("SMTP down")) };
    await expect(send(r.id, broken)).rejects.toThrow("SMTP down");
    const [key] = await handle.db.select().from(pressKeys);
    expect(key!.state).toBe("available");
    const [again] = await handle.db.select().from(pressKeyRequests);
    expect(again!.status).toBe("pending");
  });

  it("revokes an available key once", async () => {
    await importKeys(handle.db, sealer, actor, {
      gameId,
      platform: "Steam",
      text: "R-1",
      embargoUntil: null,
    });
    const [key] = await handle.db.select().from(pressKeys);
    await revokeKey(handle.db, actor, key!.id);
    await expect(revokeKey(handle.db, actor, key!.id)).rejects.toMatchObject({ kind: "conflict" });
    const r = await request("ana@example.com");
    await expect(send(r.id)).rejects.toMatchObject({ code: "no_key_left" });
  });
});
