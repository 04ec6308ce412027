import { describe, expect, it } from "vitest";
import { arrangeNavigation, type NavEntry, type NavPageSource, siteNavigation } from "./navigation";

// The header's and the footer's links (docs/product.md#navigation): the default is the site as it
// was before the list existed; a saved list decides the order and the places.

const page = (
  title: string,
  placement: NavPageSource["placement"],
  id: string,
  published = true,
): NavPageSource => ({
  id,
  slug: title.toLowerCase(),
  title,
  placement,
  published,
});

const ABOUT = page("About", "header", "11111111-1111-4111-8111-111111111111");
const IMPRINT = page("Imprint", "footer", "22222222-2222-4222-8222-222222222222");
const JOBS = page("Jobs", "header", "33333333-3333-4333-8333-333333333333");
const PRIVACY = page("Privacy", "none", "44444444-4444-4444-8444-444444444444");
const PAGES = [ABOUT, IMPRINT, JOBS, PRIVACY];

const paths = (links: { to: string }[]) => links.map((link) => link.to);

describe("the default navigation", () => {
  it("is the header and the footer a site had before: the four links, then its pages by title", () => {
    const navigation = siteNavigation([], PAGES);
    expect(paths(navigation.header)).toEqual([
      "/",
      "/games",
      "/news",
      "/contact",
      "/about",
      "/jobs",
    ]);
    expect(paths(navigation.footer)).toEqual(["/", "/games", "/news", "/contact", "/imprint"]);
    expect(navigation.header.map((link) => link.label).slice(0, 4)).toEqual([
      "Home",
      "Games",
      "News",
      "Contact",
    ]);
    expect([...navigation.header, ...navigation.footer].some((link) => link.button)).toBe(false);
  });

  it("with no pages is the spec's four links in both places", () => {
    const navigation = siteNavigation([], []);
    expect(paths(navigation.header)).toEqual(["/", "/games", "/news", "/contact"]);
    expect(paths(navigation.footer)).toEqual(["/", "/games", "/news", "/contact"]);
  });

  it("offers the editor every screen and page, the hidden ones after the shown ones", () => {
    const arranged = arrangeNavigation([], PAGES);
    expect(arranged.map((entry) => [entry.title, entry.place])).toEqual([
      ["Home", "both"],
      ["Games", "both"],
      ["News", "both"],
      ["Contact", "both"],
      ["About", "header"],
      ["Imprint", "footer"],
      ["Jobs", "header"],
      ["Privacy", "hidden"],
      ["Press", "hidden"],
    ]);
  });

  it("leaves out a draft page", () => {
    const draft = page("Roadmap", "header", "55555555-5555-4555-8555-555555555555", false);
    expect(paths(siteNavigation([], [draft]).header)).not.toContain("/roadmap");
  });
});

describe("a saved navigation", () => {
  const STEAM: NavEntry = {
    kind: "link",
    label: "Wishlist on Steam",
    url: "https://store.steampowered.com/app/1",
    place: "header",
    button: true,
    newTab: true,
  };
  const DISCORD: NavEntry = {
    kind: "link",
    label: "Discord",
    url: "https://discord.gg/studio",
    place: "both",
    button: false,
    newTab: false,
  };
  const saved: NavEntry[] = [
    { kind: "route", route: "games", place: "both" },
    { kind: "page", page: JOBS.id, slug: "jobs", place: "both" },
    { kind: "route", route: "home", place: "footer" },
    DISCORD,
    { kind: "route", route: "press", place: "header" },
    STEAM,
  ];

  it("shows its order and places, pages and links of the studio's own among the screens", () => {
    const navigation = siteNavigation(saved, PAGES);
    expect(paths(navigation.header)).toEqual([
      "/games",
      "/jobs",
      "https://discord.gg/studio",
      "/press",
      "https://store.steampowered.com/app/1",
      // Not named by the list: a page keeps its own form's placement, after the list.
      "/about",
    ]);
    expect(paths(navigation.footer)).toEqual([
      "/games",
      "/jobs",
      "/",
      "https://discord.gg/studio",
      "/imprint",
    ]);
  });

  it("marks the links of other sites, the new tab and the header's button", () => {
    const { header, footer } = siteNavigation(saved, PAGES);
    const steam = header.find((link) => link.label === "Wishlist on Steam");
    expect(steam).toMatchObject({ external: true, newTab: true, button: true });
    expect(header.find((link) => link.label === "Discord")).toMatchObject({
      external: true,
      newTab: false,
      button: false,
    });
    expect(header.find((link) => link.to === "/games")).toMatchObject({
      external: false,
      button: false,
    });
    // The footer has no button.
    expect(footer.every((link) => !link.button)).toBe(true);
    // A link in both places is one object: the page's data sends it once.
    expect(footer.find((link) => link.to === "/games")).toBe(
      header.find((link) => link.to === "/games"),
    );
  });

  it("hides a screen the list does not name (a screen added later)", () => {
    const arranged = arrangeNavigation(saved, []);
    expect(arranged.filter((e) => e.kind === "route").map((e) => [e.title, e.place])).toEqual([
      ["Games", "both"],
      ["Home", "footer"],
      ["Press", "header"],
      ["News", "hidden"],
      ["Contact", "hidden"],
    ]);
  });

  it("keeps a renamed page in its place, drops a deleted or unpublished one", () => {
    const renamed = { ...JOBS, title: "Careers", slug: "careers" };
    expect(paths(siteNavigation(saved, [renamed]).header).slice(0, 2)).toEqual([
      "/games",
      "/careers",
    ]);
    expect(siteNavigation(saved, [renamed]).header[1]?.label).toBe("Careers");
    expect(paths(siteNavigation(saved, []).header)).not.toContain("/jobs");
    expect(paths(siteNavigation(saved, [{ ...JOBS, published: false }]).header)).not.toContain(
      "/jobs",
    );
  });

  it("finds an imported page by its address when its id names nothing here", () => {
    const elsewhere = { ...JOBS, id: "66666666-6666-4666-8666-666666666666" };
    expect(paths(siteNavigation(saved, [elsewhere]).header)[1]).toBe("/jobs");
  });

  it("shows a page or a screen named twice once, at its first place", () => {
    const twice: NavEntry[] = [
      { kind: "route", route: "news", place: "header" },
      { kind: "route", route: "news", place: "footer" },
      { kind: "page", page: JOBS.id, slug: "jobs", place: "header" },
      { kind: "page", page: JOBS.id, slug: "jobs", place: "footer" },
    ];
    const navigation = siteNavigation(twice, [JOBS]);
    expect(paths(navigation.header)).toEqual(["/news", "/jobs"]);
    expect(paths(navigation.footer)).toEqual([]);
  });
});
