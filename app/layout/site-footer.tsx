import { Link } from "react-router";
import { SiteLogo, type SiteNavLink, SocialLinks, useSite } from "~/settings";
import { NewTabMark, newTabProps } from "./site-header";

export function SiteFooter({
  year,
  links,
}: {
  year: number;
  /** The footer's quick links, in order, as the root loader arranged them. */
  links: readonly SiteNavLink[];
}) {
  const site = useSite();
  return (
    <footer className="border-t bg-muted/40">
      <div className="page-width grid gap-10 py-12 md:grid-cols-3">
        <div className="space-y-3">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <SiteLogo className="size-7" />
            {site.name}
          </Link>
          {site.tagline && <p className="text-sm text-muted-foreground">{site.tagline}</p>}
        </div>
        {links.length > 0 && (
          <nav aria-label="Quick links">
            <h2 className="mb-3 text-sm font-semibold">Quick Links</h2>
            <ul className="space-y-2 text-sm">
              {links.map((link) => (
                <li key={link.key}>
                  {link.external ? (
                    <a href={link.to} className="link-quiet" {...newTabProps(link)}>
                      {link.label}
                      {link.newTab && <NewTabMark />}
                    </a>
                  ) : (
                    <Link to={link.to} className="link-quiet">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
        {site.socialLinks.length > 0 && (
          <div>
            <h2 className="mb-3 text-sm font-semibold">Follow Us</h2>
            <SocialLinks className="gap-2" linkClassName="link-quiet" />
          </div>
        )}
      </div>
      <div className="border-t">
        <p className="page-width py-6 text-sm text-muted-foreground">
          {`© ${year} ${site.name}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}
