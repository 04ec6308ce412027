import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "../../app/roles/permissions";
import { metaContent } from "../support/html-head";
import { startSite, type TestSite } from "../support/site";
import { uniqueId } from "../support/users";

// The server refusing an admin write the role may not make, even when the request is forged by
// hand (docs/product.md#admin-dashboard, #site-settings): a signed-in session, a same-site Origin,
// and a form the UI would never offer the role, posted where the dashboard posts (the tab's data
// endpoint). Each refusal is checked by its status and message, then by what is stored: nothing.
// Each ends with the same form from a role that may send it, which is stored: the check for
// "nothing stored" could see it. Sent to the production site in this process
// (tests/support/site.ts). (Moved from the browser tests admin-access.spec.ts and
// site-settings.spec.ts; which tabs a role sees stays there.)

const ROLE_REFUSAL = "Your role does not allow this.";

let site: TestSite;
// Loading the build and starting the site took over 60 s on a busy two-core machine.
beforeAll(async () => {
  site = await startSite();
}, 300_000);
afterAll(async () => {
  await site?.close();
});

/** A write to an admin tab's action as the dashboard sends it: its data endpoint, same-site. */
function adminPost(
  as: Role,
  tab: "news" | "games" | "settings",
  form: Record<string, string>,
): Promise<Response> {
  return site.fetch(`/admin/${tab}.data`, {
    method: "POST",
    as,
    form,
    headers: { Origin: site.url },
  });
}

/** The public list's titles, read fresh (signed in: never the page cache's copy). */
async function listedTitles(list: "news" | "games"): Promise<string[]> {
  const response = await site.fetch(`/api/v1/${list}?limit=100`, { as: "guest" });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { title: string }[]; next: string | null };
  expect(body.next).toBeNull();
  return body.data.map((item) => item.title);
}

/** The public page's HTML, rendered fresh for a signed-in guest. */
async function pageHtml(path: string): Promise<string> {
  const response = await site.fetch(path, { as: "guest" });
  expect(response.status, path).toBe(200);
  return response.text();
}

describe("forged admin writes", () => {
  it("a moderator's forged news-create is refused with 403 and nothing is published", async () => {
    const before = await listedTitles("news");
    const title = `Forged by a moderator ${uniqueId()}`;
    const form = { intent: "news-create", title, content: "This must never be published." };
    const response = await adminPost("moderator", "news", form);
    expect(response.status).toBe(403);
    // Refused by the role check, not by the cross-site guard (which also answers 403).
    expect(await response.text()).toContain(ROLE_REFUSAL);

    expect(await listedTitles("news")).toEqual(before);
    const news = await pageHtml("/news");
    expect(news).toContain('data-testid="news-card"');
    expect(news).not.toContain(title);

    // The same form from an admin is published: the checks above would have seen it.
    const allowed = await adminPost("admin", "news", form);
    expect(allowed.status).toBe(200);
    expect(await listedTitles("news")).toEqual([title, ...before]);
    expect(await pageHtml("/news")).toContain(title);
  });

  it("an admin's forged game-create is refused with 403 and no game appears", async () => {
    const before = await listedTitles("games");
    const title = `Forged by an admin ${uniqueId()}`;
    const form = {
      intent: "game-create",
      title,
      description: "This must never be listed.",
      imageUrl: "https://example.com/forged.png",
      status: "Released",
      url: "https://example.com/forged",
    };
    const response = await adminPost("admin", "games", form);
    expect(response.status).toBe(403);
    // Refused by the role check, not by the cross-site guard (which also answers 403).
    expect(await response.text()).toContain(ROLE_REFUSAL);

    expect(await listedTitles("games")).toEqual(before);
    const games = await pageHtml("/games");
    expect(games).toContain('data-testid="game-card"');
    expect(games).not.toContain(title);

    // The same form from a developer is listed.
    const allowed = await adminPost("developer", "games", form);
    expect(allowed.status).toBe(200);
    expect((await listedTitles("games")).sort()).toEqual([...before, title].sort());
    expect(await pageHtml("/games")).toContain(title);
  });

  it("a moderator cannot open /admin/settings, and its action refuses them", async () => {
    const studioName = async () => metaContent(await pageHtml("/"), "property", "og:site_name");
    const name = await studioName();
    expect(name).toBeTruthy();

    // The page: sent on to the first tab the moderator may open, which lists no Site Settings.
    const page = await site.fetch("/admin/settings", { as: "moderator" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/admin/messages");
    const messages = await site.fetch("/admin/messages", { as: "moderator" });
    expect(messages.status).toBe(200);
    expect(await messages.text()).not.toContain("Site Settings");
    // An admin's dashboard has the tab (so the check above can see it).
    const own = await site.fetch("/admin/settings", { as: "admin" });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Site Settings");

    // The action.
    const form = { intent: "settings-save", name: "Taken over" };
    const forged = await adminPost("moderator", "settings", form);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(ROLE_REFUSAL);
    expect(await studioName()).toBe(name);

    // The same form from the owner is saved.
    const allowed = await adminPost("owner", "settings", form);
    expect(allowed.status).toBe(200);
    expect(await studioName()).toBe("Taken over");
  });

  it("a moderator's forged navigation is refused with 403 and no page's header changes", async () => {
    const label = `Forged link ${uniqueId()}`;
    const form = {
      intent: "navigation-save",
      "entries[0].kind": "link",
      "entries[0].label": label,
      "entries[0].url": "https://example.com/forged",
      "entries[0].place": "header",
      "entries[0].button": "on",
      "entries[0].newTab": "on",
    };
    const forged = await adminPost("moderator", "settings", form);
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain(ROLE_REFUSAL);
    const home = await pageHtml("/");
    expect(home).toContain('href="/contact"');
    expect(home).not.toContain(label);

    // The same form from an admin: the header's highlighted button, opening a new tab safely.
    const allowed = await adminPost("admin", "settings", form);
    expect(allowed.status).toBe(200);
    const button = (await pageHtml("/")).match(/<a [^>]*data-nav-button[^>]*>.*?<\/a>/)?.[0];
    expect(button).toContain('href="https://example.com/forged"');
    expect(button).toContain('target="_blank"');
    expect(button).toContain('rel="noopener noreferrer"');
    expect(button).toContain(label);
  });
});
