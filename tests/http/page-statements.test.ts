import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type TestSite } from "../support/site";
import { roleEmail } from "../support/users";

// What one page request asks the database (docs/performance.md#what-makes-a-render-cheap): on the
// embedded database a statement costs its parsing and planning however small its answer, so a
// page's statements are counted exactly. A change that adds a round trip to every page, or to
// every signed-in one, fails here and says which statements the page now sends.

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(async () => {
  await site?.close();
});

/** A visitor's cookie that is no session: the page is rendered, not taken from the page cache. */
const VISITOR = { headers: { Cookie: "visitor=1" } };

describe("the statements of one page request", () => {
  it("/news: the settings, the navigation's pages, the list and its games", async () => {
    const anonymous = await site.statements("/news", VISITOR);
    expect(anonymous.status).toBe(200);
    expect(anonymous.statements).toHaveLength(4);
  });

  it("/: the settings once for the root's loader and Home's", async () => {
    const home = await site.statements("/", VISITOR);
    expect(home.status).toBe(200);
    const settingsReads = home.statements.filter((s) =>
      /"values"::text from "site_settings"/.test(s),
    );
    expect(settingsReads, home.statements.join("\n")).toHaveLength(1);
  });

  it("/ and /games: the cards' columns only, and Home no more games than it shows", async () => {
    const gameReads = async (path: string) => {
      const { status, statements } = await site.statements(path, VISITOR);
      expect(status).toBe(200);
      return statements.filter((s) => /^select .* from "games" where/.test(s));
    };
    const [home] = await gameReads("/");
    // A card shows no page text, store links or trailer: the catalogue reads none of them.
    expect(home).not.toMatch(/"about"|"store_links"|"trailer_url"|"platforms"/);
    expect(home).toMatch(/limit \$\d+$/);
    const [catalogue] = await gameReads("/games");
    expect(catalogue).not.toMatch(/"about"|"store_links"|"trailer_url"|"platforms"/);
  });

  it("/news signed in: two more, the session with its user, then the role, profile and theme", async () => {
    const anonymous = await site.statements("/news", VISITOR);
    const signedIn = await site.statements("/news", { as: "developer" });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain(roleEmail("developer"));
    const extra = signedIn.statements.filter((s) => !anonymous.statements.includes(s));
    expect(extra, extra.join("\n")).toHaveLength(2);
    expect(signedIn.statements).toHaveLength(anonymous.statements.length + 2);
    // The auth library's own read (expiry, refresh and revocation stay its rules), in one statement.
    const sessionReads = extra.filter((s) => /from "sessions"/.test(s));
    expect(sessionReads).toHaveLength(1);
    expect(sessionReads[0]).toMatch(/"users"/);
  });

  it("an owner's page counts the games for the first-run checklist, without reading them", async () => {
    const { status, statements } = await site.statements("/news", { as: "owner" });
    expect(status).toBe(200);
    const gameReads = statements.filter((s) => /from "games"/.test(s) && !/news_games/.test(s));
    expect(gameReads).toEqual([expect.stringMatching(/^select count\(\*\)::int from "games"$/)]);
  });

  it("a game page and its kit read the game once: the kit and the game's news take the row read", async () => {
    for (const path of ["/games/lantern-keeper", "/press/lantern-keeper"]) {
      const { status, statements } = await site.statements(path, VISITOR);
      expect(status, path).toBe(200);
      const gameReads = statements.filter((s) => /^select .* from "games" where/.test(s));
      expect(gameReads, `${path}:\n${gameReads.join("\n")}`).toHaveLength(1);
    }
  });

  it("a kit's page and /press take the page's settings, and /press the kit its access check read", async () => {
    for (const path of ["/press/lantern-keeper", "/press"]) {
      const { status, statements } = await site.statements(path, VISITOR);
      expect(status, path).toBe(200);
      const settings = statements.filter((s) => /"values"::text from "site_settings"/.test(s));
      expect(settings, `${path}:\n${statements.join("\n")}`).toHaveLength(1);
      const kits = statements.filter((s) => /from "press_kits" where/.test(s));
      expect(kits, `${path}:\n${kits.join("\n")}`).toHaveLength(1);
    }
  });

  it("/profile reads the phone factor once: its sign-in methods and its waiting code share the row", async () => {
    const { status, statements } = await site.statements("/profile", { as: "developer" });
    expect(status).toBe(200);
    const phoneReads = statements.filter((s) => /from "phone_factors"/.test(s));
    expect(phoneReads, phoneReads.join("\n")).toHaveLength(1);
  });

  it("the session, the viewer and the settings are read once per page, however many loaders ask", async () => {
    // The root's loader and the page's own (/profile, the admin guard) both ask for the viewer.
    for (const as of ["developer", "owner"] as const) {
      for (const path of ["/news", "/profile", "/admin/news"]) {
        const { status, statements } = await site.statements(path, { as });
        expect(status).toBe(200);
        const reads = statements.filter((s) =>
          /"sessions"\."token" = |"user_roles"\."role"/.test(s),
        );
        expect(reads, `${as} ${path}:\n${reads.join("\n")}`).toHaveLength(2);
        // The settings too: the admin News tab's mail lists take the root loader's read.
        const settings = statements.filter((s) => /"values"::text from "site_settings"/.test(s));
        expect(settings, `${as} ${path}`).toHaveLength(1);
      }
    }
  });
});
