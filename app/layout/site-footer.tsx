import { Link } from "react-router";
import type { NavPage } from "~/pages";
import { NAV_LINKS } from "~/platform/studio/studio";
import { SiteLogo, SocialLinks, useSite } from "~/settings";

export function SiteFooter({
  year,
  pages = [],
}: {
  year: number;
  /** The studio's published pages the navigation links (the footer's among them). */
  pages?: readonly NavPage[];
}) {
  const site = useSite();
  const links = [
    ...NAV_LINKS,
    ...pages
      .filter((page) => page.placement === "footer")
      .map((page) => ({ to: `/${page.slug}`, label: page.title })),
  ];
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div className="space-y-3">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <SiteLogo className="size-7" />
            {site.name}
          </Link>
          {site.tagline && <p className="text-sm text-muted-foreground">{site.tagline}</p>}
        </div>
        <nav aria-label="Quick links">
          <h2 className="mb-3 text-sm font-semibold">Quick Links</h2>
          <ul className="space-y-2 text-sm">
            {links.map((link) => (
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
        {site.socialLinks.length > 0 && (
          <div>
            <h2 className="mb-3 text-sm font-semibold">Follow Us</h2>
            <SocialLinks
              className="gap-2"
              linkClassName="text-muted-foreground hover:text-foreground"
            />
          </div>
        )}
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground sm:px-6">
          © {year} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
