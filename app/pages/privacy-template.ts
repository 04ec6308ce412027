// The privacy policy a site is offered as a draft (docs/product.md#pages): what this site keeps and
// loads from elsewhere, and why, in plain words, built from what the site actually does when the
// draft is made, for the studio to complete (its legal name, address and contact) before publishing.

/** What the site does today, as the draft must say it. */
export type PrivacyFacts = {
  studio: string;
  /** The catalogue has games: their press pages take review-key requests. */
  keyRequests: boolean;
  /** The players a game's trailer loads once a visitor plays it. */
  trailers: readonly ("youtube" | "vimeo")[];
  /** Other hosts the pages load images from (a game's image link on another site). */
  imageHosts: readonly string[];
};

const PLAYERS = {
  youtube:
    "- **YouTube** (Google): a game's trailer shows as a picture until you press play; only then does your browser load YouTube's player from youtube-nocookie.com, which receives your network address and may store data in your browser once the video plays. See [Google's privacy policy](https://policies.google.com/privacy).",
  vimeo:
    "- **Vimeo**: a game's trailer shows as a picture until you press play; only then does your browser load Vimeo's player from player.vimeo.com, which receives your network address and may store data in your browser. See [Vimeo's privacy policy](https://vimeo.com/privacy).",
} as const;

function keptList(facts: PrivacyFacts): string[] {
  return [
    "- **Your account**, if you make one: your e-mail address, your display name, bio and avatar, a hash of your password (never the password itself), your settings, the games you marked as played, and what two-factor sign-in or a passkey needs to check it is you, if you turn them on.",
    "- **Sign-in sessions**: a cookie that keeps you signed in, and for each session the browser, the network address and the time it was last used, so you can see and end your sessions from your profile.",
    "- **Messages you send us** through the contact form: your name, e-mail address, subject and message.",
    "- **Newsletter**: if you subscribe, your e-mail address, the lists you chose, each consent you gave (when, on which form, for which lists) and when you confirmed it by the link we mailed, and whether our mails reach you.",
    ...(facts.keyRequests
      ? [
          "- **Review-key requests** from a game's press page: your name, outlet, the outlet's web address, audience or channel, platform, message and e-mail address, and our answer (the key we sent, if any).",
        ]
      : []),
    "- **Logs**: our server logs each request's method and page, without your network address, cookies or what you typed. To stop abuse, the sign-in, contact and newsletter forms count attempts per network address; each count is forgotten when its window ends (an hour at most). Press-kit downloads are counted per file, never per person.",
    "- **What staff do** in the admin is logged for accountability.",
  ];
}

function elsewhere(facts: PrivacyFacts): string[] {
  const loads = [
    ...facts.trailers.map((player) => PLAYERS[player]),
    ...(facts.imageHosts.length > 0
      ? [
          `- **Images** of our games from ${facts.imageHosts.join(", ")}: those servers receive your network address when your browser fetches the pictures.`,
        ]
      : []),
  ];
  if (loads.length === 0) {
    return [
      "We use no advertising or tracking cookies, and our pages load nothing from other companies' servers: fonts and images come from this site.",
    ];
  }
  return [
    "We use no advertising or tracking cookies. Fonts come from this site; our pages load from other servers only:",
    "",
    ...loads,
  ];
}

/** The draft's Markdown for these facts. */
export function privacyPolicyDraft(facts: PrivacyFacts): string {
  const answer = facts.keyRequests
    ? "Contact messages and review-key requests are kept as long as we need them to answer you."
    : "Contact messages are kept as long as we need them to answer you.";
  return [
    `${facts.studio} runs this website. This page says what it keeps about you, why, and what you can do about it.`,
    "",
    "## What we keep",
    "",
    ...keptList(facts),
    "",
    "## Other servers",
    "",
    ...elsewhere(facts),
    "",
    "## Why",
    "",
    `To run your account, to answer your messages${facts.keyRequests ? " and key requests" : ""}, to send the newsletter you asked for, and to keep the site secure. We do not sell or share your data.`,
    "",
    "## How long",
    "",
    `Your account stays until you delete it; deleting it from your profile removes your data. ${answer} A newsletter address stays until you erase it: every newsletter mail links to a page where you can unsubscribe or erase it.`,
    "",
    "## Your rights",
    "",
    "You can download your data from your profile (Download my data), correct it there, or delete your account at any time. For anything else, write to us: [add the studio's privacy contact here].",
    "",
    "## Who we are",
    "",
    "[Add the studio's legal name, address and, where the law asks for it, its registration details.]",
    "",
  ].join("\n");
}
