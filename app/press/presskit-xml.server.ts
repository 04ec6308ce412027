import { XMLBuilder, XMLParser, XMLValidator } from "fast-xml-parser";
import { AppError } from "~/platform/errors/app-error";
import { KIT_LINK_RULE, type KitData, KitDataSchema, type Monetization } from "./kit-schema";

// presskit()'s data.xml (the shape of dopresskit's _template/_data.xml) to and from a game and its
// kit. Parsing is safe by refusal: no DOCTYPE (so no entity can be declared: no billion laughs, no
// external file), a size limit, and entity processing off (only XML's five and numeric references
// are decoded, by hand, after parsing).

export const XML_MAX_BYTES = 512 * 1024;

/** The game's fields a data.xml carries. */
export type PresskitGame = {
  title: string;
  description: string;
  /** An ISO date, or null (the kit then says the text of its release date, or TBA). */
  releaseDate: string | null;
  website: string;
  platforms: string[];
  storeLinks: { store: string; url: string }[];
};

export type Presskit = { game: PresskitGame; kit: KitData };

const MONETIZE_XML: Record<Monetization, string> = {
  "": "",
  "not-allowed": "false",
  ask: "ask",
  "non-commercial": "non-commercial",
  allowed: "monetize",
};

const refuse = (sentence: string) => new AppError("unprocessable", sentence);

/** The repeated elements, by their path: each is read as a list even when it occurs once. */
const LISTS = new Set(
  [
    "platforms.platform",
    "stores.store",
    "prices.price",
    "features.feature",
    "trailers.trailer",
    "awards.award",
    "quotes.quote",
    "additionals.additional",
    "credits.credit",
    "languages.language",
    "release-dates.release",
  ].map((p) => `game.${p}`),
);

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]{1,6});/gi, (_, hex: string) => safeChar(Number.parseInt(hex, 16)))
    .replace(/&#(\d{1,7});/g, (_, dec: string) => safeChar(Number(dec)))
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

function safeChar(code: number): string {
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
}

type Node = Record<string, unknown>;
const str = (value: unknown): string =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? decode(String(value)).trim()
    : "";
const list = (parent: unknown, key: string): unknown[] => {
  if (!parent || typeof parent !== "object") return [];
  const items = (parent as Node)[key];
  return Array.isArray(items) ? items : items === undefined ? [] : [items];
};
const obj = (value: unknown): Node => (value && typeof value === "object" ? (value as Node) : {});

/** How deep a data.xml may nest its elements: presskit()'s own go five levels down. */
export const XML_MAX_DEPTH = 32;

/** How deep an XML text nests its elements, in one pass without parsing it. */
function nestingDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = xml.indexOf("<"); at !== -1; at = xml.indexOf("<", at + 1)) {
    const next = xml[at + 1];
    if (next === "/") depth--;
    else if (next !== "?" && next !== "!") {
      const end = xml.indexOf(">", at);
      if (end === -1) break;
      if (xml[end - 1] !== "/") deepest = Math.max(deepest, ++depth);
    }
  }
  return deepest;
}

/** The text of a data.xml as a game and its kit; a sentence (AppError 422) for anything refused. */
export function parsePresskitXml(xml: string): Presskit {
  if (Buffer.byteLength(xml) > XML_MAX_BYTES) {
    throw refuse(`data.xml is larger than ${XML_MAX_BYTES / 1024} KB and was not read.`);
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw refuse("data.xml declares a DOCTYPE or entities, which are not accepted.");
  }
  const text = xml.replace(/^\uFEFF/, "");
  // Nested thousands deep, a file would exhaust the parser (a 500): refused before it is parsed.
  if (nestingDepth(text) > XML_MAX_DEPTH) {
    throw refuse(`data.xml is nested deeper than ${XML_MAX_DEPTH} levels and was not read.`);
  }
  if (XMLValidator.validate(text) !== true) throw refuse("data.xml is not well-formed XML.");
  const parser = new XMLParser({
    processEntities: false,
    htmlEntities: false,
    ignoreAttributes: true,
    parseTagValue: false,
    trimValues: true,
    isArray: (_name, jpath) => LISTS.has(String(jpath)),
  });
  const root = obj(parser.parse(text)).game;
  if (!root || typeof root !== "object") throw refuse("data.xml has no <game> element.");
  const game = root as Node;
  const title = str(game.title);
  if (!title) throw refuse("data.xml has no <title> for its game.");

  const platforms = list(game.platforms, "platform").map(obj);
  const releaseText = str(game["release-date"]);
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(releaseText) ? releaseText : null;
  const monetize = str(game["monetization-permission"]).toLowerCase();
  const monetization = (Object.entries(MONETIZE_XML).find(([, v]) => v && v === monetize)?.[0] ??
    "") as Monetization;

  const kit = KitDataSchema.safeParse({
    developer: str(game.developer),
    publisher: str(game.publisher),
    releaseText: iso || /^tba$/i.test(releaseText) ? "" : releaseText,
    releaseDates: list(game["release-dates"], "release").map((r) => ({
      platform: str(obj(r).platform),
      date: str(obj(r).date),
    })),
    prices: list(game.prices, "price").map((p) => ({
      currency: str(obj(p).currency),
      value: str(obj(p).value),
    })),
    languages: list(game.languages, "language").map(str),
    contentWarnings: str(game["content-warnings"]),
    features: list(game.features, "feature").map(str),
    trailers: list(game.trailers, "trailer").map((t) => ({
      name: str(obj(t).name),
      youtube: str(obj(t).youtube),
      vimeo: str(obj(t).vimeo),
    })),
    awards: list(game.awards, "award").map((a) => ({
      description: str(obj(a).description),
      info: str(obj(a).info),
    })),
    quotes: list(game.quotes, "quote").map((q) => ({
      text: str(obj(q).description),
      author: str(obj(q).name),
      outlet: str(obj(q).website),
      link: str(obj(q).link),
    })),
    additionals: list(game.additionals, "additional").map((a) => ({
      title: str(obj(a).title),
      description: str(obj(a).description),
      link: str(obj(a).link),
    })),
    monetization,
    pressCanRequestCopy: str(game["press-can-request-copy"]).toLowerCase() === "true",
    history: str(game.history),
    credits: list(game.credits, "credit").map((c) => ({
      name: str(obj(c).person),
      role: str(obj(c).role),
      link: str(obj(c).website),
    })),
  });
  if (!kit.success) {
    const issue = kit.error.issues[0];
    const where = issue?.path.join(".");
    throw refuse(
      issue?.message === KIT_LINK_RULE
        ? `data.xml has a link that is not a web address (http:// or https://): ${where}.`
        : `data.xml has a field that is too long or too many: ${where}.`,
    );
  }
  return {
    game: {
      title,
      description: str(game.description),
      releaseDate: iso,
      website: str(game.website),
      platforms: [...new Set(platforms.map((p) => str(p.name)).filter(Boolean))],
      // presskit() links a platform to where it is sold; our own <stores> holds the store links.
      storeLinks: [
        ...platforms
          .filter((p) => str(p.link))
          .map((p) => ({ store: str(p.name), url: str(p.link) })),
        ...list(game.stores, "store")
          .map(obj)
          .filter((p) => str(p.name) && str(p.link))
          .map((p) => ({ store: str(p.name), url: str(p.link) })),
      ],
    },
    kit: kit.data,
  };
}

/** An element only when it has a value. */
export const optional = (key: string, value: string) => (value ? { [key]: value } : {});

/**
 * A game and its kit as a data.xml of presskit()'s shape (with our extra fields beside it). The
 * platforms are the game's (Windows, Nintendo Switch), never its stores: the store links (Steam,
 * itch.io) go in our own <stores>, which presskit() ignores.
 */
export function buildPresskitXml({ game, kit }: Presskit): string {
  const builder = new XMLBuilder({ format: true, indentBy: "\t", processEntities: true });
  const body = builder.build({
    game: {
      title: game.title,
      "release-date": game.releaseDate ?? (kit.releaseText || "TBA"),
      website: game.website,
      "press-can-request-copy": kit.pressCanRequestCopy ? "TRUE" : "FALSE",
      ...optional("monetization-permission", MONETIZE_XML[kit.monetization]),
      ...optional("developer", kit.developer),
      ...optional("publisher", kit.publisher),
      platforms: { platform: game.platforms.map((name) => ({ name })) },
      stores: { store: game.storeLinks.map((link) => ({ name: link.store, link: link.url })) },
      "release-dates": { release: kit.releaseDates },
      prices: { price: kit.prices },
      languages: { language: kit.languages },
      ...optional("content-warnings", kit.contentWarnings),
      description: game.description,
      history: kit.history,
      features: { feature: kit.features },
      trailers: {
        trailer: kit.trailers.map((t) => ({
          name: t.name,
          ...optional("youtube", t.youtube),
          ...optional("vimeo", t.vimeo),
        })),
      },
      awards: { award: kit.awards.map((a) => ({ description: a.description, info: a.info })) },
      quotes: {
        quote: kit.quotes.map((q) => ({
          description: q.text,
          name: q.author,
          website: q.outlet,
          link: q.link,
        })),
      },
      additionals: { additional: kit.additionals },
      credits: {
        credit: kit.credits.map((c) => ({
          person: c.name,
          ...optional("website", c.link),
          role: c.role,
        })),
      },
    },
  });
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`;
}
