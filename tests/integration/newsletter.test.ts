import nodePath from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import { consents, siteSettings, subscribers, subscriptions } from "../../app/db/schema";
import { createGame } from "../../app/games/games.server";
import {
  listRecipients,
  listUnsubscribeHeaders,
  loadPreferences,
  mailListOptions,
  resolveLists,
  signToken,
  UNDO_GONE,
  UNDO_LIFETIME,
  unsubscribe,
} from "../../app/newsletter/index.server";
import { setClockOffset } from "../../app/platform/clock/clock.server";
import { UNKNOWN_INTENT } from "../../app/platform/forms/intent";
import type { AppContext } from "../../app/platform/server/context.server";
import { runtimeContext } from "../../app/platform/server/context.server";
import * as confirmRoute from "../../app/routes/newsletter-confirm";
import * as preferencesRoute from "../../app/routes/newsletter-preferences";
import * as subscribeRoute from "../../app/routes/newsletter-subscribe";
import * as unsubscribeRoute from "../../app/routes/newsletter-unsubscribe";
import { outcome, postForm, request, signedInAs } from "../support/accounts";
import { openAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { outboxLinks, readOutbox } from "../support/outbox";
import { testContext } from "../support/runtime";

// Newsletter subscribing (docs/product.md#newsletter-subscribing): double opt-in, the same answer
// for a known address, one-click unsubscribe (RFC 8058) and the Subscribers tab's guard.

// A fresh address per test: the per-address mail allowance outlives a truncate on PGlite (memory).
let EMAIL = "player@example.com";
let OTHER = "other@example.com";
let serial = 0;

describe.each(testEngines())("newsletter on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;

  beforeAll(async () => {
    handle = await engine.open();
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate subscribers, subscriber_lists, subscriptions, consents, rate_limits cascade`,
    );
    context = testContext(handle);
    serial += 1;
    EMAIL = `player-${engine.name}-${serial}@example.com`;
    OTHER = `other-${engine.name}-${serial}@example.com`;
  });

  const subscribe = (email = EMAIL, extra: Record<string, string> = {}) =>
    postForm(subscribeRoute, context, "/newsletter/subscribe", {
      email,
      lists: "studio",
      form: "home",
      ...extra,
    });
  const confirmLink = (email = EMAIL) => {
    const links = outboxLinks(context, email).filter((link) =>
      link.includes("/newsletter/confirm"),
    );
    return links[links.length - 1];
  };
  const path = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");
  const confirm = (address: string) =>
    outcome(() =>
      confirmRoute.action({
        request: request(address, { form: {} }),
        context,
        params: {},
      } as never),
    );
  const manageToken = (id: string) =>
    signToken(context.get(runtimeContext).env.AUTH_SECRET, "manage", id);
  const studioList = async () => (await resolveLists(handle.db, ["studio"]))[0]!;

  it("subscribes nothing until the mailed link is opened (double opt-in), with consent recorded", async () => {
    const answer = await subscribe();
    expect(answer.status).toBe(200);
    const [row] = await handle.db.select().from(subscribers);
    expect(row).toMatchObject({ email: EMAIL, confirmedAt: null });
    expect(await handle.db.select().from(subscriptions)).toHaveLength(0);
    expect(await listRecipients(handle.db, await studioList())).toEqual([]);
    const [consent] = await handle.db.select().from(consents);
    expect(consent).toMatchObject({ form: "home", lists: [await studioList()] });

    const link = confirmLink();
    expect(link).toBeDefined();
    // Opening the link (a scanner, a preview) changes nothing; the button's POST confirms.
    const opened = await outcome(() =>
      confirmRoute.loader({ request: request(path(link!)), context, params: {} } as never),
    );
    expect(opened.status).toBe(200);
    expect(await listRecipients(handle.db, await studioList())).toEqual([]);
    const confirmed = await confirm(path(link!));
    expect(confirmed.status).toBe(200);
    expect(await listRecipients(handle.db, await studioList())).toEqual([
      { id: row!.id, email: EMAIL },
    ]);
  });

  it("answers a known address exactly as a new one", async () => {
    const first = await subscribe();
    const again = await subscribe(EMAIL.toUpperCase());
    expect(again).toEqual(first);
    expect(await handle.db.select().from(subscribers)).toHaveLength(1);
  });

  it("refuses bad input with its message and stores nothing", async () => {
    expect((await subscribe("not-an-address")).status).toBe(400);
    expect((await subscribe(EMAIL, { lists: "drop table" })).status).toBe(400);
    expect((await subscribe(EMAIL, { form: "elsewhere" })).status).toBe(400);
    expect((await subscribe(EMAIL, { lists: "00000000-0000-4000-8000-000000000000" })).status).toBe(
      400,
    );
    expect((await subscribe(EMAIL, { website: "http://spam" })).status).toBe(400);
    expect(await handle.db.select().from(subscribers)).toHaveLength(0);
  });

  it("refuses a forged confirmation link", async () => {
    await subscribe();
    const forged = `${path(confirmLink()!)}x`;
    const answer = await outcome(() =>
      confirmRoute.loader({ request: request(forged), context, params: {} } as never),
    );
    expect(answer.status).toBe(400);
    expect((await confirm(forged)).status).toBe(400);
    const [row] = await handle.db.select().from(subscribers);
    expect(row!.confirmedAt).toBeNull();
  });

  it("unsubscribes by one-click POST without a session, idempotently; a forged token changes nothing", async () => {
    await subscribe();
    await confirm(path(confirmLink()!));
    const [row] = await handle.db.select().from(subscribers);
    const { env } = context.get(runtimeContext);
    const headers = listUnsubscribeHeaders(
      { secret: env.AUTH_SECRET, siteUrl: env.SITE_URL },
      row!.id,
    );
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const url = headers["List-Unsubscribe"]!.slice(1, -1);
    const oneClick = (target: string) =>
      outcome(() =>
        unsubscribeRoute.action({
          request: new Request(target, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: "List-Unsubscribe=One-Click",
          }),
          context,
          params: {},
        } as never),
      );

    const tampered = url.replace(/.{4}$/, "AAAA");
    expect((await oneClick(tampered)).status).toBe(400);
    const other = url.replace(row!.id, "0b7f6c1e-3a52-4c8e-9d0f-2b1a4e5c6d7f");
    expect((await oneClick(other)).status).toBe(400);
    expect(await listRecipients(handle.db, await studioList())).toHaveLength(1);

    expect((await oneClick(url)).status).toBe(200);
    expect((await oneClick(url)).status).toBe(200);
    expect(await listRecipients(handle.db, await studioList())).toEqual([]);
    const [after] = await handle.db.select().from(subscribers).where(eq(subscribers.id, row!.id));
    expect(after!.unsubscribedAt).not.toBeNull();
  });

  /** A confirmed address on the studio's list and one game's, and a game's list it is not on. */
  async function onTwoLists(email = EMAIL) {
    const game = (title: string) =>
      createGame(handle.db, {
        title: `${title} ${crypto.randomUUID()}`,
        description: "D",
        imageUrl: "https://img.example/x.png",
        status: "Released",
        url: "https://play.example/x",
      });
    const [kept, other] = [await game("Kept"), await game("Other")];
    const [studio, keptList, otherList] = await resolveLists(handle.db, [
      "studio",
      kept.id,
      other.id,
    ]);
    const [row] = await handle.db
      .insert(subscribers)
      .values({ email, confirmedAt: new Date() })
      .returning();
    await handle.db.insert(subscriptions).values([
      { subscriberId: row!.id, listId: studio! },
      { subscriberId: row!.id, listId: keptList! },
    ]);
    const page = `/newsletter/unsubscribe?token=${encodeURIComponent(manageToken(row!.id))}`;
    return { id: row!.id, page, lists: [studio!, keptList!].sort(), otherList: otherList! };
  }
  const listsOf = async (id: string) =>
    (
      await handle.db
        .select({ listId: subscriptions.listId })
        .from(subscriptions)
        .where(eq(subscriptions.subscriberId, id))
    )
      .map((row) => row.listId)
      .sort();
  const openPage = (page: string) =>
    outcome(() =>
      unsubscribeRoute.loader({ request: request(page), context, params: {} } as never),
    );
  const press = (page: string, form: Record<string, string>) =>
    postForm(unsubscribeRoute, context, page, form);

  // Issue 36: the mail's Unsubscribe link opened the preferences, where "Unsubscribe from all" was
  // still to find and press.
  it("the mail's Unsubscribe link: opening it changes nothing, its one button unsubscribes, and Undo puts back exactly the lists dropped", async () => {
    const { id, page, lists, otherList } = await onTwoLists();
    const opened = await openPage(page);
    expect(opened.status).toBe(200);
    const reader = (opened.body as { reader: { email: string; lists: string[] } }).reader;
    expect(reader.email).toBe(EMAIL);
    expect(reader.lists).toHaveLength(2);
    expect(await listsOf(id)).toEqual(lists);

    const left = await press(page, { intent: "unsubscribe" });
    expect(left.status).toBe(200);
    const { kind, undo } = left.body as { kind: string; undo: string };
    expect(kind).toBe("unsubscribed");
    expect(await listsOf(id)).toEqual([]);
    expect(await listRecipients(handle.db, lists[0]!)).toEqual([]);
    expect((await openPage(page)).body).toMatchObject({ reader: { lists: [] } });

    const back = await press(page, { intent: "undo", undo });
    expect(back).toMatchObject({ status: 200, body: { kind: "restored" } });
    expect(await listsOf(id)).toEqual(lists);
    expect(await listsOf(id)).not.toContain(otherList);
    const [after] = await handle.db.select().from(subscribers).where(eq(subscribers.id, id));
    // No new double opt-in: the address stays confirmed and is a recipient again.
    expect(after).toMatchObject({ unsubscribedAt: null, confirmedAt: expect.any(Date) });
    expect(await listRecipients(handle.db, lists[0]!)).toHaveLength(1);
    const [consent] = await handle.db.select().from(consents).where(eq(consents.subscriberId, id));
    expect([...consent!.lists].sort()).toEqual(lists);
    expect(consent!.form).toBe("undo");
    // A second click on Undo answers the same and changes nothing.
    expect(await press(page, { intent: "undo", undo })).toMatchObject({ status: 200 });
    expect(await listsOf(id)).toEqual(lists);
    expect(await handle.db.select().from(consents)).toHaveLength(1);
  });

  it("Undo is bounded: its hour, its own link, nothing changed since, never an erased address", async () => {
    const first = await onTwoLists();
    const leave = async () =>
      ((await press(first.page, { intent: "unsubscribe" })).body as { undo: string }).undo;
    const refusedUndo = async (page: string, undo: string) => {
      const before = await listsOf(first.id);
      const answer = await press(page, { intent: "undo", undo });
      expect(answer).toMatchObject({ status: 400, body: { error: UNDO_GONE } });
      expect(await listsOf(first.id)).toEqual(before);
    };

    // After its hour (the app's clock moved on).
    let undo = await leave();
    setClockOffset((UNDO_LIFETIME + 60) * 1000);
    try {
      await refusedUndo(first.page, undo);
    } finally {
      setClockOffset(0);
    }
    // Altered: another list slipped in, or only the signature kept.
    await refusedUndo(first.page, undo.replace(first.lists[0]!, first.otherList));
    await refusedUndo(first.page, `${undo.slice(0, -4)}AAAA`);
    // On another address's page.
    const other = await onTwoLists(OTHER);
    await refusedUndo(other.page, undo);
    expect(await listsOf(other.id)).toEqual(other.lists);
    // Refreshed by a later unsubscribe's page (already unsubscribed: nothing dropped, no Undo).
    expect((await press(first.page, { intent: "unsubscribe" })).body).toMatchObject({
      kind: "unsubscribed",
      undo: null,
    });

    // The lists were chosen again since (the studio's only): this Undo is over.
    await handle.db.delete(consents);
    undo = await leave();
    const saved = await postForm(
      preferencesRoute,
      context,
      first.page.replace("/unsubscribe", "/preferences"),
      { intent: "save", lists: "studio" },
    );
    expect(saved.status).toBe(200);
    await refusedUndo(first.page, undo);
    expect(await listsOf(first.id)).toEqual([await studioList()]);

    // Erased: the Undo brings nothing back.
    undo = await leave();
    await handle.db.delete(subscribers).where(eq(subscribers.id, first.id));
    expect(await press(first.page, { intent: "undo", undo })).toMatchObject({ status: 400 });
    expect(await handle.db.select().from(subscribers).where(eq(subscribers.id, first.id))).toEqual(
      [],
    );

    // Anything but the two intents is refused and changes nothing; a bad link too.
    expect(await press(first.page, { intent: "erase" })).toMatchObject({
      status: 400,
      body: { error: UNKNOWN_INTENT },
    });
    expect(
      (await press("/newsletter/unsubscribe?token=bad", { intent: "unsubscribe" })).status,
    ).toBe(400);
    expect((await openPage("/newsletter/unsubscribe?token=bad")).status).toBe(400);
  });

  // The allowance counted the literal address: victim+1@ … victim+6@ gave six mails to one inbox.
  it("counts confirmation mails per mailbox and per client and domain, answering each the same", async () => {
    // A client of its own: the file's other tests post from the shared test address.
    const client = testContext(handle, { clientIp: `192.0.2.${serial}` });
    const post = (email: string, from = client) =>
      postForm(subscribeRoute, from, "/newsletter/subscribe", {
        email,
        lists: "studio",
        form: "home",
      });
    const outbox = () =>
      readOutbox(nodePath.join(client.get(runtimeContext).env.DATA_DIR, "outbox"));
    const [name, domain] = EMAIL.split("@") as [string, string];
    for (let i = 1; i <= 6; i++) expect((await post(`${name}+${i}@${domain}`)).status).toBe(200);
    expect(outbox()).toHaveLength(3);
    // Gmail ignores dots: g.m.x@gmail.com is gmx@gmail.com, and googlemail.com is gmail.com.
    const gmail = `gm${serial}${engine.name}`;
    for (const variant of [gmail, `g.${gmail.slice(1)}`, `${gmail}+x`, `g.m.${gmail.slice(2)}`]) {
      expect((await post(`${variant}@googlemail.com`)).status).toBe(200);
    }
    expect(outbox().filter((mail) => mail.to.includes("@googlemail.com"))).toHaveLength(3);
    // One client walking a domain's mailboxes: at most 10 an hour to that domain.
    const walked = `walk-${serial}-${engine.name}.example`;
    for (let i = 0; i < 12; i++) expect((await post(`m${i}@${walked}`)).status).toBe(200);
    expect(outbox().filter((mail) => mail.to.includes(walked))).toHaveLength(10);
    // Another client still reaches that domain.
    const other = testContext(handle, { clientIp: `198.51.100.${serial}` });
    expect((await post(`m12@${walked}`, other)).status).toBe(200);
    expect(outboxLinks(other, `m12@${walked}`)).toHaveLength(1);
  });

  it("a confirmation link confirms once: replayed after an unsubscribe it subscribes nothing", async () => {
    await subscribe();
    const link = path(confirmLink()!);
    expect((await confirm(link)).status).toBe(200);
    const list = await studioList();
    expect(await listRecipients(handle.db, list)).toHaveLength(1);
    // Opened again while subscribed: the same answer, nothing changes.
    expect((await confirm(link)).status).toBe(200);
    expect(await listRecipients(handle.db, list)).toHaveLength(1);

    const [row] = await handle.db.select().from(subscribers);
    await unsubscribe(handle.db, context.get(runtimeContext).env.AUTH_SECRET, manageToken(row!.id));
    expect(await listRecipients(handle.db, list)).toEqual([]);
    // The old link, replayed: refused, and the address stays unsubscribed.
    expect((await confirm(link)).status).toBe(400);
    expect(await listRecipients(handle.db, list)).toEqual([]);
    const [after] = await handle.db.select().from(subscribers);
    expect(after!.unsubscribedAt).not.toBeNull();

    // A new request mails a new link, which confirms.
    await subscribe();
    const fresh = path(confirmLink()!);
    expect(fresh).not.toBe(link);
    expect((await confirm(fresh)).status).toBe(200);
    expect(await listRecipients(handle.db, list)).toHaveLength(1);
  });

  it("a link mailed before links named their consent confirms once, and an unsubscribe ends it", async () => {
    await subscribe();
    const [row] = await handle.db.select().from(subscribers);
    const secret = context.get(runtimeContext).env.AUTH_SECRET;
    const legacy = `/newsletter/confirm?token=${encodeURIComponent(signToken(secret, "confirm", row!.id))}`;
    expect((await confirm(legacy)).status).toBe(200);
    const list = await studioList();
    expect(await listRecipients(handle.db, list)).toHaveLength(1);
    await unsubscribe(handle.db, secret, manageToken(row!.id));
    expect((await confirm(legacy)).status).toBe(400);
    expect(await listRecipients(handle.db, list)).toEqual([]);
  });

  it("names the studio's list the same on the preferences page and in the news editor", async () => {
    await handle.db.insert(siteSettings).values({ id: 1, values: { name: "Emberfall Games" } });
    try {
      const [row] = await handle.db.insert(subscribers).values({ email: EMAIL }).returning();
      const secret = context.get(runtimeContext).env.AUTH_SECRET;
      const opened = await loadPreferences(handle.db, secret, manageToken(row!.id));
      const editor = await mailListOptions(handle.db, "Emberfall Games");
      expect(opened!.preferences.lists[0]!.label).toBe("Emberfall Games news");
      expect(editor[0]!.label).toBe("Emberfall Games news");
    } finally {
      await handle.db.delete(siteSettings);
    }
  });

  it("lets a subscriber erase themselves from the preferences page", async () => {
    await subscribe();
    await confirm(path(confirmLink()!));
    const [row] = await handle.db.select().from(subscribers);
    const { env } = context.get(runtimeContext);
    const { signToken } = await import("../../app/newsletter/index.server");
    const token = encodeURIComponent(signToken(env.AUTH_SECRET, "manage", row!.id));
    const refused = await postForm(preferencesRoute, context, "/newsletter/preferences?token=bad", {
      intent: "erase",
    });
    expect(refused.status).toBe(400);
    expect(await handle.db.select().from(subscribers)).toHaveLength(1);
    const erased = await postForm(
      preferencesRoute,
      context,
      `/newsletter/preferences?token=${token}`,
      {
        intent: "erase",
      },
    );
    expect(erased.status).toBe(200);
    expect(await handle.db.select().from(subscribers)).toHaveLength(0);
    expect(await handle.db.select().from(consents)).toHaveLength(0);
  });

  it("shows the Subscribers tab to an admin, confirmed or not, and refuses a moderator on the server", async () => {
    await subscribe();
    await subscribe(OTHER);
    await confirm(path(confirmLink()!));
    const admin = await signedInAs(context, "admin");
    const opened = await openAdmin(context, "/admin/subscribers", admin.cookie);
    expect(opened.status).toBe(200);
    const list = (opened.body as { subscribers: { email: string; status: string }[] }).subscribers;
    expect(Object.fromEntries(list.map((s) => [s.email, s.status]))).toEqual({
      [EMAIL]: "confirmed",
      [OTHER]: "unconfirmed",
    });
    const moderator = await signedInAs(context, "moderator");
    const refused = await openAdmin(context, "/admin/subscribers", moderator.cookie);
    expect(refused.status).toBe(302);
    expect(refused.location).not.toBe("/admin/subscribers");
    expect(refused.body).toBeNull();
  });
});
