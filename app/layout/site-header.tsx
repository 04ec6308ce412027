import { Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { DevConsole } from "~/console";
import { Button } from "~/platform/ui/button";
import { cn } from "~/platform/ui/cn";
import { ExternalLink, LogIn, Menu, X } from "~/platform/ui/icons";
import { ROLE_LABELS } from "~/roles";
import { SiteLogo, type SiteNavigation, type SiteNavLink, useSite } from "~/settings";
import { type AccountSummary, accountLinks } from "./account-links";
import { AccountMenu, SignOutForm } from "./account-menu";

function navClass({ isActive }: { isActive: boolean }) {
  return isActive ? "nav-link nav-link-current" : "nav-link";
}

/**
 * One of the header's links: the site's own through the router, another site's as a plain link
 * (a new tab, when the owner chose one, without handing it this page: `noopener`).
 */
export function HeaderLink({
  link,
  className,
}: {
  link: SiteNavLink;
  className: (state: { isActive: boolean }) => string;
}) {
  if (!link.external)
    return (
      <NavLink to={link.to} end={link.to === "/"} className={className}>
        {link.label}
      </NavLink>
    );
  return (
    <a href={link.to} className={className({ isActive: false })} {...newTabProps(link)}>
      {link.label}
      {link.newTab && <NewTabMark />}
    </a>
  );
}

/** What a link that opens a new tab carries. */
export function newTabProps(link: SiteNavLink) {
  return link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
}

/** The icon and words that say a link opens a new tab. */
export function NewTabMark() {
  return (
    <>
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-0.125em]" />
      <span className="sr-only"> (opens in a new tab)</span>
    </>
  );
}

/** The owner's highlighted link (docs/product.md#navigation): a button beside the account control. */
function HeaderButton({ link }: { link: SiteNavLink }) {
  return (
    <Button asChild size="sm" className="min-w-0 max-w-[11rem] sm:max-w-none">
      <a href={link.to} data-nav-button="" {...newTabProps(link)}>
        <span className="truncate">{link.label}</span>
        {link.newTab && (
          <>
            <ExternalLink aria-hidden="true" className="max-sm:hidden" />
            <span className="sr-only"> (opens in a new tab)</span>
          </>
        )}
      </a>
    </Button>
  );
}

export function SiteHeader({
  user,
  navigation,
}: {
  user: AccountSummary | null;
  /** The header's links, in order, as the root loader arranged them. */
  navigation: SiteNavigation;
}) {
  const links = navigation.header.filter((link) => !link.button);
  const button = navigation.header.find((link) => link.button);
  const [menuOpen, setMenuOpen] = useState(false);
  const [consoleOpen, setConsoleOpen] = useState(false);
  const [consoleLoaded, setConsoleLoaded] = useState(false);
  const openConsole = () => {
    setConsoleLoaded(true);
    setConsoleOpen(true);
    setMenuOpen(false);
  };
  const location = useLocation();
  const site = useSite();
  // A followed link closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="site-header">
      <div className="page-width flex h-16 items-center justify-between gap-4">
        <Link to="/" className="flex min-w-0 items-center gap-2 font-semibold tracking-tight">
          <SiteLogo className="size-8" />
          <span className="truncate">{site.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <HeaderLink key={link.key} link={link} className={navClass} />
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          {button && <HeaderButton link={button} />}
          <SignOutForm />
          {user ? (
            <div className="hidden md:block">
              <AccountMenu user={user} onOpenConsole={openConsole} />
            </div>
          ) : (
            // Beside the studio's highlighted button, Sign In steps back to an outline.
            <Button
              asChild
              size="sm"
              variant={button ? "outline" : "default"}
              className="max-md:hidden"
            >
              <Link to="/auth">
                <LogIn aria-hidden="true" />
                Sign In
              </Link>
            </Button>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="size-5" />
            ) : (
              <Menu aria-hidden="true" className="size-5" />
            )}
          </Button>
        </div>
      </div>
      {/* Only while open: the button needs the page's script anyway, and a closed menu would
          repeat every link in each page's markup. */}
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t px-4 pb-4 pt-2 md:hidden">
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.key}>
                <HeaderLink link={link} className={(s) => cn(navClass(s), "block")} />
              </li>
            ))}
            {user ? (
              <>
                <li className="mt-2 border-t px-3 pb-1 pt-3 text-sm">
                  <p className="truncate font-medium">{user.email}</p>
                  <p className="text-xs text-muted-foreground">{ROLE_LABELS[user.role]}</p>
                </li>
                {accountLinks(user).map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} className={(s) => cn(navClass(s), "block")}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                {user.permissions.canAccessDevConsole && (
                  <li>
                    <button
                      type="button"
                      onClick={openConsole}
                      className={cn(navClass({ isActive: false }), "block w-full text-left")}
                    >
                      Dev Console
                    </button>
                  </li>
                )}
                <li className="pt-2">
                  <Button type="submit" form="sign-out-form" variant="outline" className="w-full">
                    Sign Out
                  </Button>
                </li>
              </>
            ) : (
              <li className="pt-2">
                <Button asChild className="w-full">
                  <Link to="/auth">
                    <LogIn aria-hidden="true" />
                    Sign In
                  </Link>
                </Button>
              </li>
            )}
          </ul>
        </nav>
      )}
      {user?.permissions.canAccessDevConsole && consoleLoaded && (
        <Suspense fallback={null}>
          <DevConsole role={user.role} open={consoleOpen} onOpenChange={setConsoleOpen} />
        </Suspense>
      )}
    </header>
  );
}
