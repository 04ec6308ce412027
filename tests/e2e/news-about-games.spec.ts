import http from "node:http";
import { WEBHOOK_STAND_IN_PORT } from "../../playwright.config";
import { gotoHydrated } from "../support/browser";
import { mailsTo, waitForMail } from "../support/browser-accounts";
import { expectToast } from "../support/toasts";
import { uniqueEmail, uniqueId } from "../support/users";
import { expect, test } from "./fixtures";

// Issue 37's whole path in a browser (docs/product.md#news-about-games): a developer writes patch
// notes about one game and schedules them a few seconds ahead. At their time, with no restart and
// no second step, the game's page, its news page, `/news?kind=patch-notes` and the game's feed show
// them; a subscriber of the game's list gets the mail once; the game's Discord hook and the
// studio's each get one message; an edit of the post edits both messages. The schedule runs on the
// servers' own clock and queue, so the test waits for that one moment (as the publishing spec does).

test.describe.configure({ timeout: 180_000 });

type Call = { method: string; path: string; body: string };

/** Discord as the servers reach it in tests (WEBHOOK_TEST_ORIGIN): each message gets an id. */
function discordStandIn() {
  const calls: Call[] = [];
  let next = 1;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      calls.push({ method: req.method ?? "", path: req.url ?? "", body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: `9000${next++}`, channel_id: "42" }));
    });
  });
  return {
    calls,
    listen: () =>
      new Promise<void>((resolve) => server.listen(WEBHOOK_STAND_IN_PORT, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The calls whose embed shows this title (other specs' posts reach the studio's hook too). */
const about = (calls: Call[], title: string) =>
  calls.filter((call) => JSON.parse(call.body || "{}").embeds?.[0]?.title === title);

/** A moment `ms` from now, to the whole second, as the datetime-local field holds it (UTC). */
function wallClockIn(ms: number) {
  const at = Math.floor((Date.now() + ms) / 1000) * 1000;
  return { at, field: new Date(at).toISOString().slice(0, 19) };
}

test("patch notes about one game, scheduled: its page, news, feed, list and Discord follow at the time", async ({
  page,
  newContext,
  signedInAs,
}) => {
  const standIn = discordStandIn();
  await standIn.listen();
  try {
    const id = uniqueId();
    const guest = await (await newContext()).newPage();
    const listed = await (await guest.request.get("/api/v1/games?limit=20")).json();
    const game = listed.data[0] as { id: string; slug: string; title: string };

    // A reader follows the game only, from its page, and confirms by mail.
    const reader = uniqueEmail("follower");
    await gotoHydrated(guest, `/games/${game.slug}`);
    const follow = guest.getByRole("region", { name: `Follow ${game.title}` });
    await follow.getByLabel(`${game.title}: news and launch`).check();
    const studioList = follow.getByRole("checkbox").filter({ hasNotText: game.title }).last();
    if (await studioList.isChecked()) await studioList.uncheck();
    await follow.getByLabel("Email").fill(reader);
    await follow.getByRole("button", { name: "Subscribe" }).click();
    await expect(follow.getByRole("status")).toHaveText("Check your inbox to confirm");
    const confirm = await waitForMail(reader, { subject: /Confirm your subscription/ });
    const confirming = await (await newContext()).newPage();
    await confirming.goto(confirm.links.find((link) => link.includes("/confirm?"))!);
    await confirming.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(confirming.getByRole("heading", { name: "Subscription confirmed" })).toBeVisible();

    // The owner points a studio hook and a hook of the game at Discord.
    await signedInAs("owner");
    await gotoHydrated(page, "/admin/announcements");
    const add = page.locator("#hook-form-new");
    // Discord's webhook ids are 17 to 20 digits: one per run, so reruns never meet.
    const stamp = String(Date.now()).padStart(16, "0").slice(-16);
    const hooks = { studio: `11${stamp}`, game: `22${stamp}` };
    for (const [scope, hookId] of [
      ["studio", hooks.studio],
      ["game", hooks.game],
    ] as const) {
      const label = `${scope} ${id}`;
      if (scope === "game") await add.getByLabel("Announces").selectOption({ label: game.title });
      await add.getByLabel("Name").fill(label);
      await add
        .getByLabel("URL")
        .fill(`https://discord.com/api/webhooks/${hookId}/tok_${id}_AbCdEfGhIjKlMnOpQrSt`);
      await add.getByRole("button", { name: "Add hook" }).click();
      await expectToast(page, "Hook added.");
      await expect(page.getByTestId("hook-row").filter({ hasText: label })).toHaveCount(1);
    }

    // A developer writes patch notes about the game and schedules them a few seconds ahead.
    await signedInAs("developer");
    await gotoHydrated(page, "/admin/news");
    const title = `Patch ${id} for ${game.title}`;
    const version = `1.3.${Date.now() % 100_000}`;
    await page.getByLabel("Title", { exact: true }).fill(title);
    await page
      .getByLabel("Content", { exact: true })
      .fill(`What changed in ${version}.\n\nFaster loading and fewer crashes.`);
    await page.getByTestId("news-about").getByLabel(game.title).check();
    await page.getByLabel("Kind", { exact: true }).selectOption("patch-notes");
    await page.getByLabel("Version", { exact: true }).fill(version);
    await page.getByLabel("Tags", { exact: true }).fill("Balance, Co-op");
    // The game's list follows the game, ticked by default, beside the studio's.
    const mailing = page.getByTestId("news-mailing");
    await expect(mailing.getByLabel(`${game.title}: news and launch`)).toBeChecked();
    await page.getByLabel("State", { exact: true }).selectOption("scheduled");
    const publishAt = wallClockIn(8_000);
    await page.getByLabel("Publish at").fill(publishAt.field);
    await page.getByRole("button", { name: "Add News", exact: true }).click();
    await expectToast(page, "News item added successfully!");
    expect(Date.now(), "checked before the post was due").toBeLessThan(publishAt.at);
    await gotoHydrated(guest, `/games/${game.slug}`);
    await expect(guest.getByText(title)).toHaveCount(0);
    expect(about(standIn.calls, title)).toEqual([]);

    // At its time: the game's page shows it among its news and its patch notes...
    await expect
      .poll(
        async () => {
          await guest.goto(`/games/${game.slug}`);
          return guest.getByRole("link", { name: new RegExp(title) }).count();
        },
        { timeout: 40_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt.at);
    await expect(guest.getByText(version).first()).toBeVisible();
    // ...and so do the game's news page, the patch notes of /news and the game's feed.
    await guest.goto(`/games/${game.slug}/news`);
    await expect(guest.getByRole("heading", { name: title })).toBeVisible();
    await guest.goto("/news?kind=patch-notes");
    await expect(guest.getByRole("heading", { name: title })).toBeVisible();
    const feed = await (await guest.request.get(`/games/${game.slug}/feed.xml`)).text();
    expect(feed).toContain(`<title>${title}</title>`);
    expect(feed).toContain(`>${game.title}</category>`);

    // The game's list gets the mail, once.
    const mail = await waitForMail(reader, { subject: new RegExp(`^${title}$`) });
    expect(mail.text).toContain(`What changed in ${version}.`);

    // Discord: one message on the game's hook and one on the studio's.
    await expect.poll(() => about(standIn.calls, title).length, { timeout: 30_000 }).toBe(2);
    const created = about(standIn.calls, title);
    expect(created.map((call) => call.method)).toEqual(["POST", "POST"]);
    expect(created.map((call) => call.path.split("/")[3]).sort()).toEqual(
      [hooks.studio, hooks.game].sort(),
    );
    const embed = JSON.parse(created[0]!.body).embeds[0];
    expect(embed.author.name).toBe(`${game.title} · Patch notes ${version}`);

    // An edit edits both messages, and mails no one again.
    const edited = `${title} (hotfix)`;
    const row = page.getByTestId("manage-news").getByRole("listitem").filter({ hasText: title });
    await row.getByRole("button", { name: `Edit ${title}` }).click();
    await page.getByLabel("Title", { exact: true }).fill(edited);
    await page.getByRole("button", { name: "Update News", exact: true }).click();
    await expectToast(page, "News item updated successfully!");
    await expect.poll(() => about(standIn.calls, edited).length, { timeout: 30_000 }).toBe(2);
    const edits = about(standIn.calls, edited);
    expect(edits.map((call) => call.method)).toEqual(["PATCH", "PATCH"]);
    expect(edits.map((call) => call.path.split("/")[3]).sort()).toEqual(
      [hooks.studio, hooks.game].sort(),
    );
    expect(about(standIn.calls, title)).toHaveLength(2);
    expect(mailsTo(reader).filter((one) => one.subject.startsWith(`Patch ${id}`))).toHaveLength(1);
  } finally {
    await standIn.close();
  }
});
