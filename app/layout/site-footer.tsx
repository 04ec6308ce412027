import { Link } from "react-router";
import { SocialLinks } from "~/platform/studio/social-links";
import { NAV_LINKS, STUDIO } from "~/platform/studio/studio";
import { StudioMark } from "~/platform/studio/studio-mark";

export function SiteFooter({ year }: { year: number }) {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <StudioMark className="size-7" />
            {STUDIO.name}
          </Link>
          <p className="text-sm text-muted-foreground">{STUDIO.tagline}</p>
        </div>
        <nav aria-label="Quick links">
          <h2 className="mb-3 text-sm font-semibold">Quick Links</h2>
          <ul className="space-y-2 text-sm">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="text-muted-foreground hover:text-foreground hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 text-sm font-semibold">Follow Us</h2>
          <SocialLinks
            className="gap-2"
            linkClassName="text-muted-foreground hover:text-foreground"
          />
        </div>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {year} {STUDIO.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
