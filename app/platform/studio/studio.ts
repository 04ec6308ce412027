import { AtSign, Gamepad2, MessagesSquare, MonitorPlay, Radio, Send } from "lucide-react";

// The studio's identity and public facts, in one place so the site reads consistently.

export const STUDIO = {
  name: "Lanternfly Games",
  shortName: "Lanternfly",
  tagline: "Small studio. Handmade worlds.",
  description:
    "Lanternfly Games is an independent game studio making handcrafted games with heart: news, our games catalogue and a direct line to the team.",
  email: "hello@lanternfly.games",
  pressEmail: "press@lanternfly.games",
  location: "Remote-first, based in Lisbon, Portugal",
} as const;

export const SOCIAL_LINKS = [
  {
    name: "Discord",
    kind: "Chat server",
    href: "https://discord.gg/lanternfly",
    Icon: MessagesSquare,
  },
  {
    name: "YouTube",
    kind: "Video channel",
    href: "https://www.youtube.com/@lanternflygames",
    Icon: MonitorPlay,
  },
  {
    name: "Twitch",
    kind: "Streaming channel",
    href: "https://www.twitch.tv/lanternflygames",
    Icon: Radio,
  },
  {
    name: "Bluesky",
    kind: "Microblog",
    href: "https://bsky.app/profile/lanternfly.games",
    Icon: AtSign,
  },
  {
    name: "Steam Community",
    kind: "Game platform community",
    href: "https://steamcommunity.com/groups/lanternflygames",
    Icon: Gamepad2,
  },
  { name: "Telegram", kind: "Messaging channel", href: "https://t.me/lanternflygames", Icon: Send },
] as const;

/**
 * Studio hours (docs/product.md#contact): Monday to Friday 2pm to 6pm, weekend closed. Open hours
 * are read in the studio's zone, STUDIO_TIME_ZONE, which the page names beside them.
 */
export const STUDIO_HOURS = [
  { days: "Monday - Friday", hours: "2:00 PM - 6:00 PM", open: true },
  { days: "Saturday - Sunday", hours: "Closed", open: false },
] as const;

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/games", label: "Games" },
  { to: "/news", label: "News" },
  { to: "/contact", label: "Contact" },
] as const;
