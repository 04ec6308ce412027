import { cn } from "~/platform/ui/cn";
import { SOCIAL_LINKS } from "./studio";

/** The studio's social links, opening in a new tab. */
export function SocialLinks({
  className,
  linkClassName,
}: {
  className?: string;
  linkClassName?: string;
}) {
  return (
    <ul className={cn("grid grid-cols-2 text-sm", className)}>
      {SOCIAL_LINKS.map(({ name, href, Icon }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className={cn("inline-flex items-center gap-2 hover:underline", linkClassName)}
          >
            <Icon aria-hidden="true" className="size-4" />
            {name}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
