import type { SettingsInput } from "~/settings";

// The demo studio's identity (`npm run demo`, `studio db seed --demo`): written into the site
// settings when the studio has saved none of its own. A fresh install never shows it.

export const DEMO_STUDIO: SettingsInput = {
  name: "Lanternfly Games",
  tagline: "Small studio. Handmade worlds.",
  description:
    "Lanternfly Games is an independent game studio making handcrafted games with heart: news, our games catalogue and a direct line to the team.",
  heroHeading: "Lanternfly Games",
  heroText:
    "An independent studio making small, handcrafted games with big hearts. Cozy worlds, clever puzzles and stories worth staying up for.",
  vision:
    "We believe games are one of the most personal ways to tell a story. Our vision is a catalogue of small, distinctive games that feel made by people, for people: games you can finish, share and come back to years later.",
  values: [
    "- **Craft over scale.** We would rather make one game people remember than ten they forget. Every level, sound and line of dialogue is made by hand.",
    "- **Players as partners.** Our community plays our builds early and often. Their feedback shapes what we make, and we say so in every update.",
    "- **Small team, kind pace.** We ship when it is ready, keep sane hours and credit everyone who helped. Healthy teams make better games.",
  ].join("\n"),
  callToAction:
    "## Play something handmade\n\nBrowse our games, follow the studio's news, or tell us what you would love to play next. We read every message.",
  emailGeneral: "hello@lanternfly.games",
  emailPress: "press@lanternfly.games",
  emailJobs: "jobs@lanternfly.games",
  location: "Remote-first, based in Lisbon, Portugal",
  hours_monday: "14:00-18:00",
  hours_tuesday: "14:00-18:00",
  hours_wednesday: "14:00-18:00",
  hours_thursday: "14:00-18:00",
  hours_friday: "14:00-18:00",
  hours_saturday: "",
  hours_sunday: "",
  socialLinks: [
    "https://discord.gg/lanternfly",
    "https://www.youtube.com/@lanternflygames",
    "https://www.twitch.tv/lanternflygames",
    "https://bsky.app/profile/lanternfly.games",
    "https://steamcommunity.com/groups/lanternflygames",
    "https://t.me/lanternflygames",
  ].join("\n"),
  senderName: "Lanternfly Games",
  senderAddress: "no-reply@lanternfly.games",
  accentColor: "",
  headingFont: "system",
  logo: "",
};
