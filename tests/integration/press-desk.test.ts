import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../app/db/database.server";
import {
  games,
  pressCoverage,
  pressKeyRequests,
  pressKeys,
  siteSettings,
  userPreferences,
} from "../../app/db/schema";
import { runtimeContext } from "../../app/platform/server/context.server";
import { kitQuotes } from "../../app/press-desk/index.server";
import * as keyRequestRoute from "../../app/routes/press-key-request";
import { outcome, request, signedInAs } from "../support/accounts";
import { openAdmin, postAdmin } from "../support/admin";
import { testEngines } from "../support/database";
import { mailsIn } from "../support/outbox";
import { testContext } from "../support/runtime";

// The key requests form's route and the key desk's guards (docs/product.md#key-desk).

const good = {
  name: "Ana Writer",
  email: "ana@gmail.com",
  outlet: "Example Games",
  outletUrl: "https://www.example.com/reviews",
  audience: "Weekly reviews, 120k readers",
  platform: "Steam",
  message: "For our launch-week review.",
};

describe.each(testEngines())("press desk on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: ReturnType<typeof testContext>;
  let gameId: string;
  let visitors: Map<string, ReturnType<typeof testContext>>;
  let ipCount = 0;
  // Each test's visitor has an address of its own, so its allowance starts full.
  let ownIp = "";

  const submit = (fields: Record<string, string>, slug = "lantern-deep", ip = ownIp) => {
    if (!visitors.has(ip))
      visitors.set(ip, testContext(handle, { clientIp: ip, env: { CONTACT_RATE_LIMIT: "3" } }));
    return outcome(() =>
      keyRequestRoute.action({
        request: request(`/press/${slug}/key-request`, { form: fields }),
        context: visitors.get(ip)!,
        params: { slug },
      } as never),
    );
  };

  beforeAll(async () => {
    handle = await engine.open();
    context = testContext(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });
  beforeEach(async () => {
    visitors = new Map();
    ipCount += 1;
    ownIp = `203.0.113.${ipCount}`;
    await handle.db.execute(
      sql`truncate press_keys, press_key_requests, games, rate_limits cascade`,
    );
    const [game] = await handle.db
      .insert(games)
      .values({
        title: "Lantern Deep",
        description: "A game.",
        imageUrl: "/x.png",
        url: "https://example.com",
        displayOrder: 1,
        slug: "lantern-deep",
        platforms: ["Steam", "Switch"],
      })
      .returning();
    gameId = game!.id;
  });

  it("stores a valid request; the desk flags its address for another domain", async () => {
    expect((await submit(good)).status).toBe(200);
    expect((await submit({ ...good, email: "bo@news.example.com" })).status).toBe(200);
    const admin = await signedInAs(context, "admin");
    const desk = await openAdmin(context, "/admin/keys", admin.cookie);
    const requests = (desk.body as { requests: { email: string; flagged: boolean }[] }).requests;
    expect(Object.fromEntries(requests.map((r) => [r.email, r.flagged]))).toEqual({
      "ana@gmail.com": true,
      "bo@news.example.com": false,
    });
  });

  it("refuses bad input, an unknown game and a platform the game is not on, storing nothing", async () => {
    expect((await submit({ ...good, email: "nope" })).status).toBe(400);
    expect((await submit({ ...good, outletUrl: "example" })).status).toBe(400);
    // https://www.ign.com@attacker.test/ is attacker.test's address; one-line fields hold one line.
    const userInfo = await submit({ ...good, outletUrl: "https://www.ign.com@attacker.test/" });
    expect(userInfo.status).toBe(400);
    expect(JSON.stringify(userInfo.body)).toContain(
      "Outlet URL must not hold a name or password before @: give the outlet's own address",
    );
    for (const field of ["name", "outlet", "audience"] as const) {
      const broken = await submit({ ...good, [field]: "Ana\nYour account is locked" });
      expect(broken.status, field).toBe(400);
      expect(JSON.stringify(broken.body), field).toContain("must be one line");
    }
    expect((await submit({ ...good, name: "Ana\u2028Writer" })).status).toBe(400);
    expect((await submit(good, "no-such-game")).status).toBe(404);
    expect((await submit({ ...good, platform: "Xbox" })).status).toBe(400);
    expect(await handle.db.select().from(pressKeyRequests)).toHaveLength(0);
  });

  /** The mails the visitor of `ip` made the site send to `to`. */
  const mailsTo = (to: string, ip = ownIp) =>
    mailsIn(path.join(visitors.get(ip)!.get(runtimeContext).env.DATA_DIR, "outbox"), to);

  const setPressAddress = async (values: Record<string, string>) => {
    await handle.db
      .insert(siteSettings)
      .values({ id: 1, values: { name: "Harbour Lights", ...values } })
      .onConflictDoUpdate({
        target: siteSettings.id,
        set: { values: { name: "Harbour Lights", ...values } },
      });
  };

  it("mails a new request to the press address, replying to the requester, and sends the requester a receipt replying to the press address", async () => {
    await setPressAddress({ emailPress: "press@harbour.example" });
    try {
      const ana = { ...good, email: "ana@example.com", outletUrl: "https://www.example.com/" };
      expect((await submit(ana)).status).toBe(200);
      const [studio, ...more] = mailsTo("press@harbour.example");
      expect(more).toHaveLength(0);
      expect(studio!.subject).toBe("Key request: Lantern Deep (Steam)");
      expect(studio!.headers["reply-to"]).toBe("ana@example.com");
      for (const words of [
        "Ana Writer <ana@example.com> asks for a Steam key of Lantern Deep.",
        "Outlet: Example Games",
        "Audience or channel: Weekly reviews, 120k readers",
        "For our launch-week review.",
      ])
        expect(studio!.text).toContain(words);
      expect(studio!.text).not.toContain("Domain mismatch");
      expect(studio!.links).toEqual([
        "https://www.example.com/",
        "http://localhost:3000/admin/keys",
      ]);

      const [receipt, ...again] = mailsTo("ana@example.com");
      expect(again).toHaveLength(0);
      expect(receipt!.subject).toBe("We received your key request for Lantern Deep");
      expect(receipt!.headers["reply-to"]).toBe("press@harbour.example");
      expect(receipt!.text).toContain("Hello “Ana Writer”,");
      expect(receipt!.text).toContain("What happens next:");
      // Nothing the requester typed becomes a link in a mail to the address they typed.
      expect(receipt!.links).toEqual([]);
    } finally {
      await handle.db.delete(siteSettings);
    }
  });

  it("without a press address tells the staff who may answer requests, with notifications on; moderators and the quiet are not mailed", async () => {
    const admin = await signedInAs(context, "admin");
    const quiet = await signedInAs(context, "owner");
    await handle.db
      .update(userPreferences)
      .set({ emailNotifications: false })
      .where(eq(userPreferences.userId, quiet.id));
    const moderator = await signedInAs(context, "moderator");
    expect((await submit({ ...good, email: "staff-test@gmail.com" })).status).toBe(200);
    const [told] = mailsTo(admin.email);
    expect(told!.subject).toBe("Key request: Lantern Deep (Steam)");
    expect(told!.headers["reply-to"]).toBe("staff-test@gmail.com");
    expect(told!.text).toContain(
      "Domain mismatch: the e-mail address is not at the outlet's domain.",
    );
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(mailsTo(moderator.email)).toHaveLength(0);
    // No press address: the receipt carries no Reply-To.
    const [receipt] = mailsTo("staff-test@gmail.com");
    expect(receipt!.headers["reply-to"]).toBeUndefined();
  });

  it("receipts one mailbox three times an hour, whatever addresses post for it; every request still reaches the studio", async () => {
    await setPressAddress({ emailPress: "press@harbour.example" });
    try {
      // Four visitors, each within its own allowance, type the same inbox four ways.
      const spellings = [
        "victim@gmail.com",
        "vic.tim@gmail.com",
        "victim+a@gmail.com",
        "VICTIM@googlemail.com",
      ];
      for (const [i, email] of spellings.entries())
        expect((await submit({ ...good, email }, "lantern-deep", `192.0.2.${i + 1}`)).status).toBe(
          200,
        );
      const receipts = spellings.flatMap((email, i) => mailsTo(email, `192.0.2.${i + 1}`));
      expect(receipts).toHaveLength(3);
      const studio = spellings.flatMap((_, i) =>
        mailsTo("press@harbour.example", `192.0.2.${i + 1}`),
      );
      expect(studio).toHaveLength(4);
      expect(await handle.db.select().from(pressKeyRequests)).toHaveLength(4);
    } finally {
      await handle.db.delete(siteSettings);
    }
  });

  it("limits requests per address like the contact form", async () => {
    for (let i = 0; i < 3; i++) expect((await submit(good)).status).toBe(200);
    expect((await submit(good)).status).toBe(429);
    expect((await submit(good, "lantern-deep", `198.51.100.${ipCount}`)).status).toBe(200);
  });

  it("lets a moderator read the requests but refuses every write on the server", async () => {
    await submit(good);
    const [row] = await handle.db.select().from(pressKeyRequests);
    const moderator = await signedInAs(context, "moderator");
    const desk = await openAdmin(context, "/admin/keys", moderator.cookie);
    expect(desk.status).toBe(200);
    expect(desk.body).toMatchObject({ manage: false, keys: [], coverage: [] });
    const forms: Record<string, string>[] = [
      { intent: "import", gameId, platform: "Steam", keys: "K-1" },
      { intent: "send", requestId: row!.id },
      { intent: "decline", requestId: row!.id },
    ];
    for (const form of forms) {
      const answer = await postAdmin(context, form, moderator.cookie, "keys");
      expect(answer.status).toBe(403);
    }
    expect(await handle.db.select().from(pressKeys)).toHaveLength(0);
    const [after] = await handle.db.select().from(pressKeyRequests);
    expect(after!.status).toBe("pending");
  });

  it("lets an admin import and send; a guest is sent away", async () => {
    await submit({ ...good, email: "ana@example.com" });
    const [row] = await handle.db.select().from(pressKeyRequests);
    const admin = await signedInAs(context, "admin");
    const imported = await postAdmin(
      context,
      {
        intent: "import",
        gameId,
        platform: "Steam",
        keys: "key\nK-1\nK-2",
        embargo: "2030-01-01T09:00",
      },
      admin.cookie,
      "keys",
    );
    expect(imported).toMatchObject({
      status: 200,
      body: { ok: true, message: "2 keys imported." },
    });
    const sent = await postAdmin(
      context,
      { intent: "send", requestId: row!.id },
      admin.cookie,
      "keys",
    );
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const again = await postAdmin(
      context,
      { intent: "send", requestId: row!.id },
      admin.cookie,
      "keys",
    );
    expect(again.status).toBe(409);
    const guest = await signedInAs(context, "guest");
    const refused = await postAdmin(
      context,
      { intent: "import", gameId, platform: "Steam", keys: "K-3" },
      guest.cookie,
      "keys",
    );
    expect(refused.status).toBe(302);
    expect(await handle.db.select().from(pressKeys)).toHaveLength(2);
  });

  it("sends a second request for the same game and platform its own key while keys remain; refuses it, exactly, when none is left", async () => {
    const admin = await signedInAs(context, "admin");
    const desk = (form: Record<string, string>) => postAdmin(context, form, admin.cookie, "keys");
    expect(
      await desk({ intent: "import", gameId, platform: "Steam", keys: "STEAM-1\nSTEAM-2" }),
    ).toMatchObject({ status: 200, body: { ok: true, message: "2 keys imported." } });
    // The same writer asks twice for the same game and platform (both requests are taken), then
    // for the Switch, of which no key was imported; another asks for Steam from another address.
    const ana = { ...good, email: "ana@example.com" };
    expect((await submit(ana)).status).toBe(200);
    expect((await submit(ana)).status).toBe(200);
    expect((await submit({ ...ana, platform: "Switch" })).status).toBe(200);
    expect(
      (await submit({ ...good, email: "bo@example.com" }, "lantern-deep", `198.51.100.${ipCount}`))
        .status,
    ).toBe(200);
    const rows = await handle.db
      .select()
      .from(pressKeyRequests)
      .orderBy(pressKeyRequests.createdAt, pressKeyRequests.id);
    expect(rows).toHaveLength(4);
    const steam = rows.filter((r) => r.email === "ana@example.com" && r.platform === "Steam");
    const [first, second] = steam;
    const switchRequest = rows.find((r) => r.platform === "Switch")!;
    const third = rows.find((r) => r.email === "bo@example.com")!;
    expect(steam).toHaveLength(2);

    expect(await desk({ intent: "send", requestId: first!.id })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Key sent." },
    });
    // A Steam key is left, but none for the Switch: refused, the request still waiting.
    expect(await desk({ intent: "send", requestId: switchRequest.id })).toMatchObject({
      status: 409,
      body: { ok: false, message: "No Switch key is left for this game." },
    });
    // The second request for the same game and platform gets the other key.
    expect(await desk({ intent: "send", requestId: second!.id })).toMatchObject({
      status: 200,
      body: { ok: true, message: "Key sent." },
    });
    // None left now.
    expect(await desk({ intent: "send", requestId: third.id })).toMatchObject({
      status: 409,
      body: { ok: false, message: "No Steam key is left for this game." },
    });
    // A request is answered once.
    expect(await desk({ intent: "send", requestId: first!.id })).toMatchObject({
      status: 409,
      body: { ok: false, message: "That request has already been answered." },
    });

    const keys = await handle.db.select().from(pressKeys);
    expect(keys.map((k) => k.state)).toEqual(["sent", "sent"]);
    expect(keys.map((k) => k.requestId).sort()).toEqual([first!.id, second!.id].sort());
    expect(keys.map((k) => k.sentTo)).toEqual(["ana@example.com", "ana@example.com"]);
    const status = Object.fromEntries(
      (await handle.db.select().from(pressKeyRequests)).map((r) => [r.id, r.status]),
    );
    expect(status).toEqual({
      [first!.id]: "approved",
      [second!.id]: "approved",
      [switchRequest.id]: "pending",
      [third.id]: "pending",
    });
  });
});

describe.each(testEngines())("coverage log on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: ReturnType<typeof testContext>;

  beforeAll(async () => {
    handle = await engine.open();
    context = testContext(handle);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("logs coverage linked to its request and shows marked quotes on the kit", async () => {
    const [game] = await handle.db
      .insert(games)
      .values({
        title: "Kit Game",
        description: "A game.",
        imageUrl: "/x.png",
        url: "https://example.com",
        displayOrder: 1,
        slug: "kit-game",
      })
      .returning();
    const [req] = await handle.db
      .insert(pressKeyRequests)
      .values({ ...good, gameId: game!.id, status: "approved" })
      .returning();
    const admin = await signedInAs(context, "admin");
    const base = {
      intent: "coverage",
      gameId: game!.id,
      url: "https://example.com/review",
      outlet: "Example Games",
      kind: "Review",
      publishedOn: "2026-11-20",
    };
    const added = await postAdmin(
      context,
      {
        ...base,
        requestId: req!.id,
        score: "9/10",
        quote: "A lantern-lit marvel.",
        showOnKit: "on",
      },
      admin.cookie,
      "keys",
    );
    expect(added).toMatchObject({ status: 200, body: { ok: true } });
    expect(
      (await postAdmin(context, { ...base, quote: "Not on kit." }, admin.cookie, "keys")).status,
    ).toBe(200);
    expect(
      (await postAdmin(context, { ...base, showOnKit: "on" }, admin.cookie, "keys")).status,
    ).toBe(400);
    expect((await postAdmin(context, { ...base, url: "nope" }, admin.cookie, "keys")).status).toBe(
      400,
    );
    // Printed as href on the desk and the kit: no other scheme than http(s) is stored.
    for (const url of [
      "data:text/html,<script>alert(1)</script>",
      "javascript:alert(1)",
      "ms-msdt:/id x",
    ]) {
      const refused = await postAdmin(
        context,
        { ...base, url, quote: "Hostile." },
        admin.cookie,
        "keys",
      );
      expect(refused.status, url).toBe(400);
    }
    const quotes = await kitQuotes(handle.db, game!.id);
    expect(quotes).toEqual([
      {
        quote: "A lantern-lit marvel.",
        outlet: "Example Games",
        url: "https://example.com/review",
        score: "9/10",
        publishedOn: "2026-11-20",
      },
    ]);
    const [logged] = await handle.db
      .select()
      .from(pressCoverage)
      .where(eq(pressCoverage.quote, "A lantern-lit marvel."));
    expect(logged!.requestId).toBe(req!.id);
    const moderator = await signedInAs(context, "moderator");
    expect(
      (
        await postAdmin(
          context,
          { intent: "kit", coverageId: logged!.id, show: "false" },
          moderator.cookie,
          "keys",
        )
      ).status,
    ).toBe(403);
    await postAdmin(
      context,
      { intent: "kit", coverageId: logged!.id, show: "false" },
      admin.cookie,
      "keys",
    );
    expect(await kitQuotes(handle.db, game!.id)).toEqual([]);
  });
});
