import { describe, expect, it } from "vitest";
import {
  accentCss,
  accentForDark,
  accentProblem,
  accentTint,
  contrast,
  normalizeHex,
  THEME_SURFACES,
  THEME_TEXT,
} from "./colour";
import { hoursRows } from "./hours";
import { DEFAULT_SETTINGS } from "./settings-defaults";
import { SettingsSchema, settingsFormValues } from "./settings-schema";
import { parseSocialLinks, socialLinksText } from "./social";

const form = (values: Record<string, string>) => ({
  ...settingsFormValues(DEFAULT_SETTINGS),
  ...values,
});
const messagesOf = (values: Record<string, string>) => {
  const result = SettingsSchema.safeParse(form(values));
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("site settings schema", () => {
  it("takes the defaults back as they are written in the form", () => {
    expect(SettingsSchema.parse(form({}))).toEqual(DEFAULT_SETTINGS);
  });

  it("needs a name and keeps every text within its length", () => {
    expect(messagesOf({ name: "  " })).toEqual({ name: "Studio name is required" });
    expect(messagesOf({ name: "x".repeat(81) })).toEqual({
      name: "Studio name must be at most 80 characters",
    });
    expect(messagesOf({ heroText: "x".repeat(601) }).heroText).toMatch(/at most 600/);
    expect(messagesOf({ vision: "x".repeat(5_001) }).vision).toMatch(/at most 5000/);
    expect(messagesOf({ tagline: "a\u0000b" }).tagline).toMatch(/control characters/);
  });

  it("takes only http and https links, each a whole address", () => {
    for (const bad of [
      "javascript:alert(1)",
      "ftp://x.example",
      "discord.gg/x",
      "https://",
      "data:text/html,x",
    ])
      expect(messagesOf({ socialLinks: bad }).socialLinks, bad).toMatch(/https:\/\/ or http:\/\//);
    const parsed = SettingsSchema.parse(
      form({ socialLinks: "https://discord.gg/a\nMy blog http://blog.example/x" }),
    );
    expect(parsed.socialLinks).toEqual([
      { name: "Discord", url: "https://discord.gg/a", platform: "discord" },
      { name: "My blog", url: "http://blog.example/x", platform: "link" },
    ]);
    expect(
      messagesOf({ socialLinks: Array(21).fill("https://a.example").join("\n") }).socialLinks,
    ).toBe("At most 20 social links");
  });

  it("names the line of a wrong social link, blank lines counted as the field shows them", () => {
    expect(
      messagesOf({ socialLinks: "https://discord.gg/a\n\nMy blog blog.example/x\nftp://x.example" })
        .socialLinks,
    ).toBe("Line 3: Each social link must be a full address starting with https:// or http://");
    expect(
      messagesOf({ socialLinks: `https://t.me/a\n${"n".repeat(41)} https://bsky.app/x` })
        .socialLinks,
    ).toBe("Line 2: A social link's name must be at most 40 characters");
  });

  it("recognises the spec's six platforms by host; others are named by their host", () => {
    const links = parseSocialLinks(
      [
        "https://discord.gg/x",
        "https://www.youtube.com/@x",
        "https://www.twitch.tv/x",
        "https://bsky.app/profile/x",
        "https://steamcommunity.com/groups/x",
        "https://t.me/x",
        "https://www.mastodon.example/@x",
      ].join("\n"),
    );
    if (typeof links === "string") throw new Error(links);
    expect(links.map((l) => l.platform)).toEqual([
      "discord",
      "youtube",
      "twitch",
      "bluesky",
      "steam",
      "telegram",
      "link",
    ]);
    expect(links.at(-1)?.name).toBe("mastodon.example");
    expect(parseSocialLinks(socialLinksText(links))).toEqual(links);
  });

  it("checks e-mail addresses, hours and the time zone", () => {
    expect(messagesOf({ emailPress: "press" }).emailPress).toBe(
      "Press e-mail must be an e-mail address",
    );
    // The addresses go into mail headers (From, Reply-To, List-Unsubscribe): strictly one each.
    for (const wrong of [
      "news@studio.example>",
      "news@studio.example, other@example.com",
      "<news@studio.example>",
      '"news"@studio.example',
      "news@studio.example;x",
      "news @studio.example",
      "news@-studio.example",
    ]) {
      expect(messagesOf({ senderAddress: wrong }).senderAddress, wrong).toBe(
        "Sender address must be an e-mail address",
      );
    }
    expect(messagesOf({ senderAddress: "news+list@mail.studio-site.example" })).toEqual({});
    expect(messagesOf({ hours_monday: "18:00-14:00" }).hours_monday).toMatch(
      /^Monday: Write hours/,
    );
    expect(messagesOf({ hours_friday: "2pm" }).hours_friday).toMatch(/^Friday/);
    expect(messagesOf({ timeZone: "Mars/Olympus" }).timeZone).toMatch(/IANA/);
    expect(SettingsSchema.parse(form({ timeZone: "Europe/Lisbon" })).timeZone).toBe(
      "Europe/Lisbon",
    );
  });

  it("refuses an accent colour that is not a colour or reads too faintly on the light theme", () => {
    expect(messagesOf({ accentColor: "purple" }).accentColor).toMatch(/such as #5b3fd1/);
    expect(messagesOf({ accentColor: "#ffff00" }).accentColor).toMatch(
      /^Accent colour is too light: 1\.\d:1 against the light theme's background, at least 4\.5:1/,
    );
    expect(SettingsSchema.parse(form({ accentColor: "#0B5A3C" })).accentColor).toBe("#0b5a3c");
  });

  it("refuses an unknown font or a logo that is no upload's id", () => {
    expect(messagesOf({ headingFont: "comic-sans" }).headingFont).toBe(
      "Choose one of the heading fonts",
    );
    expect(messagesOf({ logo: "../../etc/passwd" }).logo).toBe("Upload the logo again");
  });
});

describe("accent colour contrast", () => {
  it("computes WCAG contrast", () => {
    expect(contrast("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrast("#777777", "#777777")).toBe(1);
    expect(normalizeHex("#AbC")).toBe("#aabbcc");
    expect(normalizeHex("#abcd")).toBeNull();
  });

  it("accepts a colour that reads on light surfaces and lightens it for the dark theme", () => {
    for (const hex of ["#5b3fd1", "#0b5a3c", "#b00020", "#000000"]) {
      expect(accentProblem(hex), hex).toBeNull();
      expect(contrast(hex, THEME_SURFACES.light)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(accentForDark(hex), THEME_SURFACES.dark), hex).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentProblem("#9c95fe")).not.toBeNull();
    // The tint behind text (hover backgrounds) keeps the theme's text readable.
    for (const hex of ["#5b3fd1", "#0b5a3c", "#b00020", "#000000", "#1d4ed8", "#7a5c00"]) {
      expect(contrast(accentTint(hex, "light"), THEME_TEXT.light), hex).toBeGreaterThanOrEqual(4.5);
      expect(contrast(accentTint(hex, "dark"), THEME_TEXT.dark), hex).toBeGreaterThanOrEqual(4.5);
    }
    expect(accentCss("#5b3fd1")).toMatch(/^:root\{--primary:#5b3fd1;--primary-foreground:#ffffff;/);
    expect(accentCss("not a colour")).toBe("");
  });
});

describe("studio hours", () => {
  it("groups days with the same hours as /contact shows them", () => {
    const rows = hoursRows({
      monday: "14:00-18:00",
      tuesday: "14:00-18:00",
      wednesday: "14:00-18:00",
      thursday: "14:00-18:00",
      friday: "14:00-18:00",
      saturday: "",
      sunday: "",
    });
    expect(rows).toEqual([
      { days: "Monday - Friday", hours: "2:00 PM - 6:00 PM", open: true },
      { days: "Saturday - Sunday", hours: "Closed", open: false },
    ]);
  });
});
