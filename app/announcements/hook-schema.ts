import { hasNoControlCharacters, noControlCharacters } from "~/platform/forms/text-rules";
import { z } from "~/platform/forms/zod";

// The hook form's one schema (docs/product.md#announcements), run by the form in the browser and by
// the action on the server. A Discord hook's URL must be one of Discord's webhook addresses; a
// generic hook's any public https address. Editing leaves the URL blank to keep the stored one
// (the admin never shows a stored URL back).

export const HOOK_KINDS = ["discord", "webhook"] as const;
export type HookKind = (typeof HOOK_KINDS)[number];
export const HOOK_KIND_LABELS: Record<HookKind, string> = {
  discord: "Discord",
  webhook: "Webhook",
};

export const HOOK_LIMITS = { label: 80, url: 500, threadName: 100 } as const;

/** The hosts Discord serves webhooks from. */
export const DISCORD_HOSTS = [
  "discord.com",
  "discordapp.com",
  "ptb.discord.com",
  "canary.discord.com",
] as const;

const DISCORD_PATH = /^\/api\/(v\d+\/)?webhooks\/(\d{17,20})\/([\w-]{20,100})\/?$/;

/** A host a receiver may not have: this machine, a private name, or a bare address. */
function privateHost(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || /\.(localhost|local|internal|lan|home\.arpa)$/.test(name))
    return true;
  // A public name has a dot between labels (`vm`, `metadata`, `intranet` are a network's own), and
  // none at its end beyond one (`localhost..`). Where a name leads is judged again when a call is
  // made (public-address.server.ts).
  if (!name.includes(".") || name.endsWith(".") || name.includes("..")) return true;
  // IPv4 and IPv6 literals: a receiver is named; an address may point inside the studio's network.
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(name) || name.startsWith("[");
}

/** What is wrong with a hook's URL for its kind, or null. */
export function urlProblem(kind: HookKind, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Enter a full URL starting with https://";
  }
  if (url.protocol !== "https:") return "The URL must start with https://";
  if (url.username || url.password) return "The URL must not contain a user name or password";
  if (url.port && url.port !== "443") return "The URL must use the standard https port";
  if (kind === "discord") {
    if (!(DISCORD_HOSTS as readonly string[]).includes(url.hostname.toLowerCase()))
      return "A Discord webhook URL starts with https://discord.com/api/webhooks/";
    if (!DISCORD_PATH.test(url.pathname) || url.search || url.hash)
      return "Copy the whole webhook URL from Discord: https://discord.com/api/webhooks/<id>/<token>";
    return null;
  }
  if (privateHost(url.hostname))
    return "The URL must name a public host, not localhost or an IP address";
  if (url.hash) return "The URL must not contain a #fragment";
  return null;
}

/** The URL as the admin shows it: Discord's token and a receiver's path and query hidden. */
export function maskUrl(kind: HookKind, value: string): string {
  const url = new URL(value);
  if (kind === "discord") {
    const id = url.pathname.match(DISCORD_PATH)?.[2] ?? "";
    return `${url.host}/api/webhooks/…${id.slice(-4)}/••••••`;
  }
  return url.pathname === "/" && !url.search ? url.host : `${url.host}/…`;
}

function text(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoControlCharacters, noControlCharacters(label));
}

export const HookSchema = z
  .object({
    // Blank: a new hook; else the hook being edited.
    hookId: z.string().trim().default(""),
    kind: z.enum(HOOK_KINDS, { error: "Choose Discord or Webhook" }),
    // "studio", or the id of the game whose posts the hook announces.
    scope: z.string().trim().min(1, "Choose where the hook belongs").max(40, "Choose a scope"),
    label: text("Name", HOOK_LIMITS.label).pipe(z.string().min(1, "Name is required")),
    url: text("URL", HOOK_LIMITS.url).default(""),
    roleId: z
      .string()
      .trim()
      .default("")
      .refine((value) => value === "" || /^\d{17,20}$/.test(value), {
        message: "A role id is the 17 to 20 digit number Discord shows (Copy Role ID)",
      }),
    threadName: text("Thread title", HOOK_LIMITS.threadName).default(""),
  })
  .superRefine((value, ctx) => {
    if (value.url === "") {
      if (value.hookId === "")
        ctx.addIssue({ code: "custom", path: ["url"], message: "URL is required" });
    } else if (value.url.length <= HOOK_LIMITS.url) {
      const problem = urlProblem(value.kind, value.url);
      if (problem) ctx.addIssue({ code: "custom", path: ["url"], message: problem });
    }
    if (value.kind === "webhook" && (value.roleId || value.threadName))
      ctx.addIssue({
        code: "custom",
        path: [value.roleId ? "roleId" : "threadName"],
        message: "Role mentions and thread titles are for Discord hooks",
      });
  });

export type HookInput = z.infer<typeof HookSchema>;

/** The forms of the tab, told apart by `intent`. */
export const ANNOUNCEMENT_INTENTS = ["hook-save", "hook-delete", "hook-test"] as const;
export const AnnouncementIntentSchema = z.enum(ANNOUNCEMENT_INTENTS);
export type AnnouncementIntent = (typeof ANNOUNCEMENT_INTENTS)[number];
