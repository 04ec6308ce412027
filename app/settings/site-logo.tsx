import { StudioMark } from "~/platform/studio/studio-mark";
import { cn } from "~/platform/ui/cn";
import { useSite } from "./site-context";

/** The studio's logo from its settings, or the site's neutral mark until one is uploaded. */
export function SiteLogo({ className }: { className?: string }) {
  const { icons } = useSite();
  if (!icons.logo) return <StudioMark className={className} />;
  return (
    <img
      src={icons.logo}
      alt=""
      width={128}
      height={128}
      decoding="async"
      className={cn("shrink-0 object-contain", className)}
    />
  );
}
