import { XMLBuilder } from "fast-xml-parser";
import type { KitData } from "./kit-schema";
import { optional } from "./presskit-xml.server";

// The studio's kit as presskit()'s company data.xml (/press/data.xml), beside its games' sheets
// (./presskit-xml.server.ts).

/** The studio's facts a company data.xml carries, from the site settings. */
export type PresskitStudio = {
  name: string;
  description: string;
  website: string;
  location: string;
  pressEmail: string;
  socials: { name: string; url: string }[];
};

/** The studio's kit as presskit()'s company data.xml (the sheet beside its games' folders). */
export function buildStudioPresskitXml(studio: PresskitStudio, kit: KitData): string {
  const builder = new XMLBuilder({ format: true, indentBy: "\t", processEntities: true });
  const body = builder.build({
    company: {
      title: studio.name,
      "based-in": kit.basedIn || studio.location,
      "founding-date": kit.foundingDate,
      website: studio.website,
      "press-contact": studio.pressEmail,
      socials: { social: studio.socials.map((s) => ({ name: s.name, link: s.url })) },
      description: studio.description,
      histories: { history: kit.history ? [{ header: "History", text: kit.history }] : [] },
      credits: {
        credit: kit.credits.map((c) => ({
          person: c.name,
          ...optional("website", c.link),
          role: c.role,
        })),
      },
      contacts: {
        // presskit() tells an address (<mail>) from a page (<link>).
        contact: kit.contacts.map((c) =>
          /^[^\s@/:]+@[^\s@/]+$/.test(c.address)
            ? { name: c.label, mail: c.address }
            : { name: c.label, link: c.address },
        ),
      },
    },
  });
  return `<?xml version="1.0" encoding="utf-8"?>\n${body}`;
}
