import { describe, expect, it } from "vitest";
import { KIT_CONTACT_RULE, KIT_LINK_RULE, KitDataSchema, kitDataOf } from "./kit-schema";

// A kit's links are printed as href on public pages (docs/product.md#press-kit): only http(s) is
// taken, whatever path the kit came in by (the form, a presskit() import, the API), and a link
// stored before the rule is dropped when read, its words kept.

const HOSTILE = [
  "data:text/html,<script>alert(1)</script>",
  "javascript:alert(1)",
  "ms-msdt:/id PCWDiagnostic",
  "file:///etc/passwd",
  "//evil.example/x",
  "https://",
];

const messagesOf = (data: unknown) => {
  const parsed = KitDataSchema.safeParse(data);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("the kit's links", () => {
  it.each(HOSTILE)("refuses %j in quotes, extra links and credits", (link) => {
    expect(
      messagesOf({
        quotes: [{ text: "Great", link }],
        additionals: [{ title: "More", link }],
        credits: [{ name: "Ada", link }],
      }),
    ).toEqual([
      `quotes.0.link: ${KIT_LINK_RULE}`,
      `additionals.0.link: ${KIT_LINK_RULE}`,
      `credits.0.link: ${KIT_LINK_RULE}`,
    ]);
  });

  it("takes http(s) links and empty ones", () => {
    const kit = KitDataSchema.parse({
      quotes: [{ text: "Great", link: "https://press.example/review" }],
      additionals: [{ title: "More", link: "" }],
      credits: [{ name: "Ada", link: "http://ada.example" }],
    });
    expect(kit.quotes[0]?.link).toBe("https://press.example/review");
    expect(kit.credits[0]?.link).toBe("http://ada.example");
  });

  it("a contact is an e-mail address or a web address, nothing else", () => {
    expect(
      messagesOf({
        contacts: [
          { label: "Press", address: "press@studio.example" },
          { label: "Web", address: "https://studio.example/contact" },
        ],
      }),
    ).toEqual([]);
    for (const address of [...HOSTILE, "press@studio", "not an address"]) {
      expect(messagesOf({ contacts: [{ label: "Press", address }] }), address).toEqual([
        `contacts.0.address: ${KIT_CONTACT_RULE}`,
      ]);
    }
  });

  it("a kit stored with such links reads without them, and keeps everything else", () => {
    const kit = kitDataOf({
      history: "Founded in a shed.",
      quotes: [{ text: "Great", author: "Bo", link: "data:text/html,x" }],
      credits: [
        { name: "Ada", link: "javascript:alert(1)" },
        { name: "Cy", link: "https://cy.example" },
      ],
      contacts: [
        { label: "Bad", address: "ms-msdt:/id x" },
        { label: "Press", address: "press@studio.example" },
      ],
    });
    expect(kit.history).toBe("Founded in a shed.");
    expect(kit.quotes).toEqual([{ text: "Great", author: "Bo", outlet: "", link: "" }]);
    expect(kit.credits.map((c) => [c.name, c.link])).toEqual([
      ["Ada", ""],
      ["Cy", "https://cy.example"],
    ]);
    expect(kit.contacts).toEqual([{ label: "Press", address: "press@studio.example" }]);
  });
});
