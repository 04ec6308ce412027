// The site's main links, in the header and the footer's quick links (docs/product.md#header-and-account-menu).
// The studio's own identity (name, addresses, links, hours) is its saved site settings (app/settings).

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/games", label: "Games" },
  { to: "/news", label: "News" },
  { to: "/contact", label: "Contact" },
] as const;
