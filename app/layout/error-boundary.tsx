import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { Button } from "~/platform/ui/button";
import { NotFound } from "~/platform/ui/not-found";
import { useSite } from "~/settings";

/** The one error boundary: a handler per status, a calm generic page for everything else. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const site = useSite();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <>
        {/* A route's own meta does not run for its thrown 404 (an unknown game's address). */}
        <title>{`Page Not Found | ${site.name}`}</title>
        <meta name="robots" content="noindex" />
        <NotFound />
      </>
    );
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // 503: the database (or the process) is briefly unavailable; nothing is wrong with the request.
  const unavailable = status === 503;
  // 413: a form sent more than its limit (app/platform/server/request-limits.server.ts); it can be sent again.
  const tooLarge = status === 413;
  const heading = unavailable
    ? "We'll be right back"
    : tooLarge
      ? "Too large to send"
      : "Something went wrong";
  // A 4xx thrown with a sentence (e.g. an unreadable form) says what went wrong.
  const told =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === "string"
      ? error.data
      : null;
  if (!isRouteErrorResponse(error) && typeof console !== "undefined") console.error(error);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`${unavailable ? "Temporarily unavailable" : heading} | ${site.name}`}</title>
      <p className="text-6xl font-black text-primary">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">{heading}</h1>
      <p className="mt-3 text-muted-foreground">
        {unavailable
          ? "The site is temporarily unavailable. Please try again in a moment."
          : (told ?? "An unexpected error occurred. Please try again.")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {unavailable && (
          <Button asChild>
            {/* A full reload: the page's data is fetched again once the site is back. */}
            <a href={`${location.pathname}${location.search}`}>Try again</a>
          </Button>
        )}
        {tooLarge && (
          <Button asChild>
            <a href={location.pathname}>Back to the form</a>
          </Button>
        )}
        <Button asChild variant={unavailable || tooLarge ? "outline" : "default"}>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </section>
  );
}
