import { LogIn, Menu, X } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { DevConsole } from "~/console";
import type { NavPage } from "~/pages";
import { NAV_LINKS } from "~/platform/studio/studio";
import { Button } from "~/platform/ui/button";
import { cn } from "~/platform/ui/cn";
import { ROLE_LABELS } from "~/roles";
import { SiteLogo, useSite } from "~/settings";
import { type AccountSummary, accountLinks } from "./account-links";
import { AccountMenu, SignOutForm } from "./account-menu";

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-accent hover:text-accent-foreground",
    isActive ? "text-foreground" : "text-muted-foreground",
  );
}

/** The header's links: the spec's four, then the studio's pages placed in the header. */
function headerLinks(pages: readonly NavPage[]) {
  return [
    ...NAV_LINKS,
    ...pages
      .filter((page) => page.placement === "header")
      .map((page) => ({ to: `/${page.slug}`, label: page.title })),
  ];
}

export function SiteHeader({
  user,
  pages = [],
}: {
  user: AccountSummary | null;
  /** The studio's published pages the navigation links. */
  pages?: readonly NavPage[];
}) {
  const links = headerLinks(pages);
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
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <SiteLogo className="size-8" />
          <span>{site.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={navClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <SignOutForm />
          {user ? (
            <div className="hidden md:block">
              <AccountMenu user={user} onOpenConsole={openConsole} />
            </div>
          ) : (
            <Button asChild size="sm" className="max-md:hidden">
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
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!menuOpen}
        className="border-t px-4 pb-4 pt-2 md:hidden"
      >
        <ul className="flex flex-col gap-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                className={(s) => cn(navClass(s), "block")}
              >
                {link.label}
              </NavLink>
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
      {user?.permissions.canAccessDevConsole && consoleLoaded && (
        <Suspense fallback={null}>
          <DevConsole role={user.role} open={consoleOpen} onOpenChange={setConsoleOpen} />
        </Suspense>
      )}
    </header>
  );
}
