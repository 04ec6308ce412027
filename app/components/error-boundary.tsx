import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { NotFound } from "./not-found";

/** The one error boundary: a handler per status, a calm generic page for everything else. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const unavailable = status === 503;
  // A 4xx thrown with a sentence (e.g. an unreadable form) says what went wrong.
  const told =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === "string"
      ? error.data
      : null;
  if (!isRouteErrorResponse(error) && typeof console !== "undefined") console.error(error);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-primary">{status}</p>
      <h1 className="mt-4 text-3xl font-bold">
        {unavailable ? "We'll be right back" : "Something went wrong"}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {unavailable
          ? "The site is briefly unavailable. Please try again in a moment."
          : (told ?? "An unexpected error occurred. Please try again.")}
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </section>
  );
}
