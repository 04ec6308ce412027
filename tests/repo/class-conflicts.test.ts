import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { StudioMark } from "~/platform/studio/studio-mark";
import { Badge } from "~/platform/ui/badge";
import { buttonVariants } from "~/platform/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "~/platform/ui/card";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { Spinner } from "~/platform/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import { DEFAULT_SETTINGS, publicSite, SiteProvider, SocialLinks, socialLink } from "~/settings";

/** The social links as a studio with one link shows them. */
const withOneLink = (element: ReactElement) =>
  createElement(
    SiteProvider,
    {
      value: {
        ...publicSite(DEFAULT_SETTINGS),
        socialLinks: [socialLink("https://discord.gg/example")],
        setup: null,
      },
    },
    element,
  );

// `cn` joins class names without resolving conflicts: a class a caller passes to a
// shared component must not contradict one the component sets (two paddings, two displays), or
// which one wins is the stylesheet's order. This test reads every call site in app/ that passes a
// literal className and asks tailwind-merge (the library that used to resolve such conflicts in
// every browser) whether the caller's classes would override any of the component's own.
const root = join(import.meta.dirname, "..", "..");

type Attributes = Record<string, string | true>;

/**
 * The utilities each short class applies: the button's (app/platform/ui/button.css) and the other
 * repeated looks' (app/platform/ui/short-classes.css).
 */
const BUTTON_CLASSES = new Map(
  ["button.css", "short-classes.css"].flatMap((file) =>
    [
      ...readFileSync(join(root, "app/platform/ui", file), "utf8").matchAll(
        /^\s*\.([\w-]+) \{\s*@apply ([^;]+);/gm,
      ),
    ].map(([, name, utilities]) => [name!, utilities!] as const),
  ),
);

/** Classes with the button's own classes written out as the utilities they apply. */
const expanded = (classes: string) =>
  classes
    .split(/\s+/)
    .map((c) => BUTTON_CLASSES.get(c) ?? c)
    .join(" ");

/** The class attribute of the first element (or of the first `tag`) a component renders. */
function classesOf(element: ReactElement, tag?: string): string {
  const html = renderToStaticMarkup(element);
  const pattern = tag ? new RegExp(`<${tag}\\b[^>]*class="([^"]*)"`) : /class="([^"]*)"/;
  return html.match(pattern)?.[1] ?? "";
}

const tabs = (child: ReactElement) => createElement(Tabs, { value: "a" }, child);

/** Each shared component's own classes, for the attributes a call site gives it. */
const OWN: Record<string, (attributes: Attributes) => string> = {
  Button: (a) =>
    expanded(
      buttonVariants({
        variant: a.variant as never,
        size: a.size as never,
      }),
    ),
  Card: () => expanded(classesOf(createElement(Card))),
  CardHeader: (a) => expanded(classesOf(createElement(CardHeader, { row: a.row === true }))),
  CardTitle: () => expanded(classesOf(createElement(CardTitle))),
  CardDescription: () => classesOf(createElement(CardDescription)),
  CardContent: (a) => classesOf(createElement(CardContent, { standalone: a.standalone === true })),
  CardFooter: () => expanded(classesOf(createElement(CardFooter))),
  Badge: () => expanded(classesOf(createElement(Badge))),
  Input: () => expanded(classesOf(createElement(Input))),
  Textarea: () => expanded(classesOf(createElement(Textarea))),
  Label: () => classesOf(createElement(Label)),
  Spinner: () => classesOf(createElement(Spinner)),
  StudioMark: () => classesOf(createElement(StudioMark)),
  SocialLinks: () => classesOf(withOneLink(createElement(SocialLinks)), "ul"),
  TabsList: () => classesOf(tabs(createElement(TabsList))),
  TabsTrigger: () =>
    classesOf(
      tabs(createElement(TabsList, null, createElement(TabsTrigger, { value: "a" }))),
      "button",
    ),
  TabsContent: () => classesOf(tabs(createElement(TabsContent, { value: "a" }))),
};

// An element with its attributes: quoted values and one level of braces.
const ELEMENT = new RegExp(
  `<(${Object.keys(OWN).join("|")})\\b((?:[^>"{}]|"[^"]*"|\\{(?:[^{}]|\\{[^{}]*\\})*\\})*?)\\/?>`,
  "g",
);
const ATTRIBUTE = /([\w-]+)(?:=(?:"([^"]*)"|\{\}))?/g;

function attributesOf(source: string): Attributes {
  const attributes: Attributes = {};
  const plain = source.replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, "{}");
  for (const [, name, value] of plain.matchAll(ATTRIBUTE)) {
    if (name) attributes[name] = value ?? true;
  }
  return attributes;
}

function callSites() {
  const files = execFileSync("git", ["ls-files", "app/*.tsx", "app/**/*.tsx"], {
    cwd: root,
    encoding: "utf8",
  })
    .split("\n")
    .filter((path) => path && !path.endsWith(".test.tsx"));
  const sites: { where: string; component: string; attributes: Attributes }[] = [];
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    for (const match of source.matchAll(ELEMENT)) {
      const line = source.slice(0, match.index).split("\n").length;
      sites.push({
        where: `${file}:${line}`,
        component: match[1]!,
        attributes: attributesOf(match[2] ?? ""),
      });
    }
  }
  return sites;
}

describe("classes passed to shared components", () => {
  const sites = callSites();

  it("finds the call sites (the pattern still matches the code)", () => {
    expect(sites.filter((s) => s.component === "Button").length).toBeGreaterThan(20);
    expect(sites.filter((s) => typeof s.attributes.className === "string").length).toBeGreaterThan(
      20,
    );
    // Every part of the button, and every other short class, is read from its stylesheet.
    expect([...BUTTON_CLASSES.keys()].filter((name) => name.startsWith("btn"))).toHaveLength(13);
    expect([...BUTTON_CLASSES.keys()].filter((name) => !name.startsWith("btn"))).toEqual([
      "page-width",
      "site-header",
      "hero-shade",
      "section-head",
      "section-title",
      "card",
      "card-title",
      "card-header",
      "card-header-row",
      "card-footer",
      "meta-row",
      "meta-line",
      "card-tile",
      "badge",
      "link-more",
      "link-quiet",
      "link-icon",
      "link-title",
      "nav-link",
      "nav-link-current",
      "theme-switcher",
      "theme-option",
      "field",
      "field-label",
      "honeypot",
      "skip-link",
      ...[
        "amber",
        "blue",
        "emerald",
        "gray",
        "green",
        "purple",
        "red",
        "sky",
        "violet",
        "yellow",
      ].map((tone) => `tone-${tone}`),
    ]);
    expect(OWN.Button!({})).not.toMatch(/\bbtn/);
    expect(OWN.Badge!({})).toMatch(/^inline-flex items-center/);
    expect(OWN.Card!({})).toMatch(/^rounded-xl border bg-card/);
    // The checker itself: a conflicting class is caught.
    const own = OWN.CardContent!({});
    expect(twMerge(`${own} pt-6`).split(" ")).not.toContain("pt-0");
  });

  it("a component's own classes never contradict each other, in every variant", () => {
    const variants = {
      variant: ["default", "secondary", "outline", "ghost", "link", "destructive", "onPrimary"],
      size: ["default", "sm", "lg", "icon", "avatar"],
    } as const;
    const conflicts: string[] = [];
    for (const variant of variants.variant)
      for (const size of variants.size) {
        const own = OWN.Button!({ variant, size }).split(/\s+/).filter(Boolean);
        const kept = new Set(twMerge(own.join(" ")).split(" "));
        const lost = own.filter((c) => !kept.has(c));
        if (lost.length > 0) conflicts.push(`Button ${variant}/${size}: ${lost.join(" ")}`);
      }
    for (const [component, own] of Object.entries(OWN)) {
      for (const attributes of [{}, { row: true, standalone: true }] as Attributes[]) {
        const classes = own(attributes);
        if (twMerge(classes) !== classes.trim().replace(/\s+/g, " ")) {
          conflicts.push(`${component}: ${classes}`);
        }
      }
    }
    expect(conflicts).toEqual([]);
  });

  it("never contradict the component's own classes", () => {
    const conflicts: string[] = [];
    for (const { where, component, attributes } of sites) {
      const given = attributes.className;
      if (typeof given !== "string") continue;
      const own = OWN[component]!(attributes).split(/\s+/).filter(Boolean);
      // A short class the caller gives (card-tile, tone-green) is checked as what it applies.
      const kept = new Set(twMerge([...own, expanded(given)].join(" ")).split(" "));
      const overridden = own.filter((c) => !kept.has(c));
      if (overridden.length > 0) {
        conflicts.push(
          `${where} <${component} className="${given}"> overrides ${overridden.join(" ")}`,
        );
      }
    }
    expect(conflicts).toEqual([]);
  });
});
