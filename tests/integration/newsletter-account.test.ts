import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authContext } from "../../app/accounts/auth-context.server";
import type { DatabaseHandle } from "../../app/db/database.server";
import { consents, games, subscribers, subscriptions, users } from "../../app/db/schema";
import { listRecipients, resolveLists } from "../../app/newsletter/index.server";
import type { AppContext } from "../../app/platform/server/context.server";
import * as authRoute from "../../app/routes/auth";
import * as confirmRoute from "../../app/routes/newsletter-confirm";
import * as subscribeRoute from "../../app/routes/newsletter-subscribe";
import * as profileRoute from "../../app/routes/profile";
import * as exportRoute from "../../app/routes/profile-export";
import { outcome, PASSWORD, postForm, request, signedInAs } from "../support/accounts";
import { testEngines } from "../support/database";
import { outboxLinks } from "../support/outbox";
import { said } from "../support/reply";
import { openForSuite } from "../support/suite";
import { uniqueEmail, uniqueId } from "../support/users";

// A signed-in account's newsletter (docs/product.md#settings-tab): the Settings tab's 'Email
// Notifications' switch is the studio's list for the account's address, with a checkbox per
// game's list; the data export shows it, and deleting the account erases it.

type SettingsData = {
  preferences: { emailNotifications: boolean };
  newsletter: {
    games: { id: string; title: string; subscribed: boolean }[];
    pending: boolean;
    verified: boolean;
  } | null;
};

describe.each(testEngines())("an account's newsletter on $name", (engine) => {
  let handle: DatabaseHandle;
  let context: AppContext;

  openForSuite(engine, (opened) => {
    ({ handle, context } = opened);
  });

  /** Posts the Settings form as the browser sends it: every checked game's list under one name. */
  const saveSettings = (
    cookie: string,
    options: { studio: boolean; games?: string[]; theme?: string; shown?: boolean },
  ) => {
    const form = new URLSearchParams({
      intent: "settings",
      themePreference: options.theme ?? "system",
      privacyLevel: "public",
    });
    // What the form sends when it drew the account's lists (they loaded).
    if (options.shown ?? true) form.set("newsletterShown", "on");
    if (options.studio) form.set("emailNotifications", "on");
    for (const game of options.games ?? []) form.append("gameLists", game);
    const req = new Request("http://localhost:3000/profile", {
      method: "POST",
      headers: {
        Origin: "http://localhost:3000",
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
    });
    return outcome(() => profileRoute.action({ request: req, context, params: {} } as never));
  };
  const settingsOf = async (cookie: string) => {
    const page = await outcome(() =>
      profileRoute.loader({
        request: request("/profile?tab=settings", { cookie }),
        context,
        params: {},
      } as never),
    );
    expect(page.status).toBe(200);
    return page.body as SettingsData;
  };
  const subscriberOf = async (email: string) => {
    const [row] = await handle.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, email.toLowerCase()));
    return row ?? null;
  };
  const consentsOf = async (subscriberId: string) =>
    handle.db.select().from(consents).where(eq(consents.subscriberId, subscriberId));
  const studioList = async () => (await resolveLists(handle.db, ["studio"]))[0]!;
  const recipients = async (listId: string) =>
    (await listRecipients(handle.db, listId)).map((row) => row.email);
  const addGame = async (title: string) => {
    const [game] = await handle.db
      .insert(games)
      .values({
        title,
        description: "A game.",
        imageUrl: "/x.png",
        url: "https://example.com",
        displayOrder: 1,
        slug: `game-${uniqueId()}`,
      })
      .returning();
    return game!;
  };
  const path = (link: string) => link.replace(/^https?:\/\/[^/]+/, "");
  const exported = async (cookie: string) => {
    const response = (await exportRoute.loader({
      request: request("/profile/export", { cookie }),
      context,
      params: {},
    } as never)) as Response;
    expect(response.status).toBe(200);
    return (await response.json()) as {
      newsletter: {
        email: string;
        status: string;
        lists: string[];
        consents: { form: string; lists: string[] }[];
      } | null;
    };
  };
  const deleteAccount = (cookie: string) =>
    postForm(
      profileRoute,
      context,
      "/profile",
      { intent: "delete-account", password: PASSWORD },
      cookie,
    );

  it("a verified account's switch subscribes it as confirmed and unsubscribes it, each with its consent", async () => {
    const user = await signedInAs(context, "guest");
    expect((await settingsOf(user.cookie)).preferences.emailNotifications).toBe(false);

    const on = await saveSettings(user.cookie, { studio: true });
    expect(on).toMatchObject({ status: 302, location: "/profile?tab=settings" });
    const row = await subscriberOf(user.email);
    expect(row).toMatchObject({ userId: user.id, unsubscribedAt: null });
    expect(row!.confirmedAt).not.toBeNull();
    expect(await recipients(await studioList())).toContain(user.email.toLowerCase());
    expect(await consentsOf(row!.id)).toMatchObject([
      { form: "profile", lists: [await studioList()] },
    ]);
    // No confirmation mail: the account proved the address already.
    expect(outboxLinks(context, user.email).filter((l) => l.includes("/newsletter/"))).toEqual([]);
    expect((await settingsOf(user.cookie)).preferences.emailNotifications).toBe(true);

    // Saving the theme with the switch left on changes nothing and records nothing.
    await saveSettings(user.cookie, { studio: true, theme: "dark" });
    expect(await consentsOf(row!.id)).toHaveLength(1);
    // A form drawn without the lists (they failed to load) leaves the subscription alone.
    expect(await saveSettings(user.cookie, { studio: false, shown: false })).toMatchObject({
      status: 302,
    });
    expect(await recipients(await studioList())).toContain(user.email.toLowerCase());
    expect(await consentsOf(row!.id)).toHaveLength(1);

    const off = await saveSettings(user.cookie, { studio: false });
    expect(off).toMatchObject({ status: 302 });
    expect(await recipients(await studioList())).not.toContain(user.email.toLowerCase());
    expect((await subscriberOf(user.email))!.unsubscribedAt).not.toBeNull();
    const given = await consentsOf(row!.id);
    expect(given.map((c) => c.lists)).toEqual(expect.arrayContaining([[], [await studioList()]]));
    expect((await settingsOf(user.cookie)).preferences.emailNotifications).toBe(false);
  });

  it("an address subscribed through a form before the account shows on the switch", async () => {
    const email = uniqueEmail("earlier");
    expect(
      (
        await postForm(subscribeRoute, context, "/newsletter/subscribe", {
          email,
          lists: "studio",
          form: "news",
        })
      ).status,
    ).toBe(200);
    const link = outboxLinks(context, email).find((l) => l.includes("/newsletter/confirm"));
    await confirmRoute.action({
      request: request(path(link!), { form: {} }),
      context,
      params: {},
    } as never);
    const user = await signedInAs(context, "guest", email);
    expect((await settingsOf(user.cookie)).preferences.emailNotifications).toBe(true);
  });

  it("games' lists are offered and saved; an unknown or malformed list is refused and nothing changes", async () => {
    const game = await addGame("Lantern Deep");
    const user = await signedInAs(context, "guest");
    const before = await settingsOf(user.cookie);
    expect(before.newsletter?.games).toEqual(
      expect.arrayContaining([{ id: game.id, title: "Lantern Deep", subscribed: false }]),
    );

    expect(await saveSettings(user.cookie, { studio: false, games: [game.id] })).toMatchObject({
      status: 302,
    });
    const [gameList] = await resolveLists(handle.db, [game.id]);
    expect(await recipients(gameList!)).toContain(user.email.toLowerCase());
    expect(await recipients(await studioList())).not.toContain(user.email.toLowerCase());
    const after = await settingsOf(user.cookie);
    expect(after.newsletter?.games.find((g) => g.id === game.id)?.subscribed).toBe(true);

    const row = await subscriberOf(user.email);
    const consentCount = (await consentsOf(row!.id)).length;
    const unknown = await saveSettings(user.cookie, {
      studio: true,
      games: ["00000000-0000-4000-8000-000000000000"],
      theme: "dark",
    });
    expect(unknown.status).toBe(400);
    expect(said(unknown.body).formError).toBe("Unknown list");
    const malformed = await saveSettings(user.cookie, { studio: true, games: ["drop table"] });
    expect(malformed.status).toBe(400);
    expect(await consentsOf(row!.id)).toHaveLength(consentCount);
    expect(await recipients(await studioList())).not.toContain(user.email.toLowerCase());
    expect(await recipients(gameList!)).toContain(user.email.toLowerCase());
  });

  it("signed out, the settings form is refused and subscribes nobody", async () => {
    const email = uniqueEmail("signed-out");
    const answer = await postForm(profileRoute, context, "/profile", {
      intent: "settings",
      emailNotifications: "on",
      themePreference: "system",
      privacyLevel: "public",
      newsletterShown: "on",
    });
    expect(answer).toMatchObject({ status: 302, location: "/auth?redirectTo=/profile" });
    expect(await subscriberOf(email)).toBeNull();
  });

  it("an unverified account is subscribed only through the confirmation mail, and leaves another's subscription alone", async () => {
    const unverified = (await import("../support/runtime")).testContext(handle, {
      env: { REQUIRE_EMAIL_VERIFICATION: "false" },
    });
    // The address's owner subscribed through the site's form and confirmed.
    const email = uniqueEmail("owner");
    await postForm(subscribeRoute, unverified, "/newsletter/subscribe", {
      email,
      lists: "studio",
      form: "home",
    });
    const ownerLink = outboxLinks(unverified, email).find((l) => l.includes("/newsletter/confirm"));
    await confirmRoute.action({
      request: request(path(ownerLink!), { form: {} }),
      context: unverified,
      params: {},
    } as never);
    const owned = await subscriberOf(email);
    expect(owned?.confirmedAt).not.toBeNull();

    // Someone registers with that address; without required verification they get in.
    const registered = await outcome(() =>
      authRoute.action({
        request: request("/auth", {
          form: { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD },
        }),
        context: unverified,
        params: {},
      } as never),
    );
    expect(registered).toMatchObject({ status: 302 });
    const [account] = await handle.db.select().from(users).where(eq(users.email, email));
    expect(account?.emailVerified).toBe(false);
    const { headers } = await unverified.get(authContext).api.signInEmail({
      body: { email, password: PASSWORD },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const page = await outcome(() =>
      profileRoute.loader({
        request: request("/profile?tab=settings", { cookie }),
        context: unverified,
        params: {},
      } as never),
    );
    // The owner's subscription is not shown to the registrant...
    expect((page.body as SettingsData).preferences.emailNotifications).toBe(false);
    expect((page.body as SettingsData).newsletter?.verified).toBe(false);
    const save = (studio: boolean) => {
      const form = new URLSearchParams({
        intent: "settings",
        themePreference: "system",
        privacyLevel: "public",
        newsletterShown: "on",
      });
      if (studio) form.set("emailNotifications", "on");
      return outcome(() =>
        profileRoute.action({
          request: new Request("http://localhost:3000/profile", {
            method: "POST",
            headers: {
              Origin: "http://localhost:3000",
              Cookie: cookie,
              "Content-Type": "application/x-www-form-urlencoded",
            },
            body: form,
          }),
          context: unverified,
          params: {},
        } as never),
      );
    };
    // ...nor changed by its switch turned off...
    await save(false);
    expect(await recipients(await studioList())).toContain(email.toLowerCase());
    // ...and turning it on mails the address a confirmation link, as the site's forms do.
    const mailsBefore = outboxLinks(unverified, email).length;
    expect(await save(true)).toMatchObject({ status: 302 });
    const links = outboxLinks(unverified, email).filter((l) => l.includes("/newsletter/confirm"));
    expect(outboxLinks(unverified, email).length).toBeGreaterThan(mailsBefore);
    const consentForms = (await consentsOf(owned!.id)).map((c) => c.form);
    expect(consentForms).toContain("profile");
    expect(links.length).toBe(2);

    // Deleting the registrant's account leaves the owner's subscription where it was.
    const deleted = await outcome(() =>
      profileRoute.action({
        request: request("/profile", {
          cookie,
          form: { intent: "delete-account", password: PASSWORD },
        }),
        context: unverified,
        params: {},
      } as never),
    );
    expect(deleted).toMatchObject({ status: 302, location: "/" });
    expect(await subscriberOf(email)).toMatchObject({ id: owned!.id, userId: null });
    expect(await recipients(await studioList())).toContain(email.toLowerCase());
  });

  it("an unverified account's own request waits for the mailed link, then the switch shows it", async () => {
    const unverified = (await import("../support/runtime")).testContext(handle, {
      env: { REQUIRE_EMAIL_VERIFICATION: "false" },
    });
    const email = uniqueEmail("unverified");
    await outcome(() =>
      authRoute.action({
        request: request("/auth", {
          form: { intent: "register", email, password: PASSWORD, confirmPassword: PASSWORD },
        }),
        context: unverified,
        params: {},
      } as never),
    );
    const { headers } = await unverified.get(authContext).api.signInEmail({
      body: { email, password: PASSWORD },
      returnHeaders: true,
    });
    const cookie = headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const post = (studio: boolean) =>
      outcome(() =>
        profileRoute.action({
          request: request("/profile", {
            cookie,
            form: {
              intent: "settings",
              themePreference: "system",
              privacyLevel: "public",
              newsletterShown: "on",
              ...(studio ? { emailNotifications: "on" } : {}),
            },
          }),
          context: unverified,
          params: {},
        } as never),
      );
    const load = async () =>
      (
        await outcome(() =>
          profileRoute.loader({
            request: request("/profile?tab=settings", { cookie }),
            context: unverified,
            params: {},
          } as never),
        )
      ).body as SettingsData;

    expect(await post(true)).toMatchObject({ status: 302 });
    const row = await subscriberOf(email);
    expect(row).toMatchObject({ confirmedAt: null });
    expect(await recipients(await studioList())).not.toContain(email.toLowerCase());
    expect(await load()).toMatchObject({
      preferences: { emailNotifications: false },
      newsletter: { pending: true, verified: false },
    });

    const link = outboxLinks(unverified, email).find((l) => l.includes("/newsletter/confirm"));
    await confirmRoute.action({
      request: request(path(link!), { form: {} }),
      context: unverified,
      params: {},
    } as never);
    expect(await recipients(await studioList())).toContain(email.toLowerCase());
    expect(await load()).toMatchObject({
      preferences: { emailNotifications: true },
      newsletter: { pending: false },
    });

    // Turning it off needs no mail: at once.
    await post(false);
    expect(await recipients(await studioList())).not.toContain(email.toLowerCase());
  });

  it("the data export shows the subscription and its consents; deleting the account erases them", async () => {
    const game = await addGame("Ember Road");
    const user = await signedInAs(context, "guest");
    await saveSettings(user.cookie, { studio: true, games: [game.id] });
    const row = await subscriberOf(user.email);

    const data = await exported(user.cookie);
    expect(data.newsletter).toMatchObject({
      email: user.email.toLowerCase(),
      status: "confirmed",
    });
    expect(data.newsletter?.lists.sort()).toEqual([
      "Ember Road: news and launch",
      "Your Studio news",
    ]);
    expect(data.newsletter?.consents).toHaveLength(1);
    expect(data.newsletter?.consents[0]).toMatchObject({ form: "profile" });
    expect(data.newsletter?.consents[0]?.lists.sort()).toEqual([
      "Ember Road: news and launch",
      "Your Studio news",
    ]);

    // Another person's subscription is neither exported nor erased with this account.
    const other = await signedInAs(context, "guest");
    await saveSettings(other.cookie, { studio: true });

    expect(await deleteAccount(user.cookie)).toMatchObject({ status: 302, location: "/" });
    expect(await subscriberOf(user.email)).toBeNull();
    expect(
      await handle.db.select().from(subscriptions).where(eq(subscriptions.subscriberId, row!.id)),
    ).toEqual([]);
    expect(await consentsOf(row!.id)).toEqual([]);
    expect(await subscriberOf(other.email)).not.toBeNull();
    expect((await exported(other.cookie)).newsletter?.email).toBe(other.email.toLowerCase());
  });

  it("an account without a subscription exports none", async () => {
    const user = await signedInAs(context, "guest");
    expect((await exported(user.cookie)).newsletter).toBeNull();
  });
});
