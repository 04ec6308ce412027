import { cn } from "~/platform/ui/cn";
import {
  AtSign,
  Gamepad2,
  type IconComponent,
  LinkIcon,
  MessagesSquare,
  MonitorPlay,
  Radio,
  Send,
} from "~/platform/ui/icons";
import { useSite } from "./site-context";
import type { SocialPlatform } from "./social";

/** Each recognised platform's icon; any other link gets a plain link icon. */
const ICONS: Record<SocialPlatform, IconComponent> = {
  discord: MessagesSquare,
  youtube: MonitorPlay,
  twitch: Radio,
  bluesky: AtSign,
  steam: Gamepad2,
  telegram: Send,
  link: LinkIcon,
};

/** The studio's social links from its settings, opening in a new tab; nothing when it has none. */
export function SocialLinks({
  className,
  linkClassName,
}: {
  className?: string;
  linkClassName?: string;
}) {
  const { socialLinks } = useSite();
  if (socialLinks.length === 0) return null;
  return (
    <ul className={cn("grid grid-cols-2 text-sm", className)}>
      {socialLinks.map(({ name, url, platform }) => {
        const Icon = ICONS[platform];
        return (
          <li key={url}>
            <a
              href={url}
              target="_blank"
              // rel="me": the studio's own profiles (Mastodon verifies a profile's link by it).
              rel="me noopener noreferrer"
              className={cn("link-icon", linkClassName)}
            >
              <Icon aria-hidden="true" />
              {name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
