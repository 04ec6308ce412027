import type { ReactNode } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { formatZonedDate } from "~/platform/dates/date-format";
import { Button } from "~/platform/ui/button";
import { Lock } from "~/platform/ui/icons";
import { useSite } from "~/settings";

// What a kit's page says to a reader who may not open it yet (docs/product.md#press-kit): a listed
// kit under embargo names its time, in the studio's zone, and whom to ask for access, instead of
// the 404 page. Thrown by requireOpenKit (press-access.server.ts) as a 403.

export type EmbargoNotice = {
  embargo: { until: string; timeZone: string; pressEmail: string };
};

function isEmbargoNotice(value: unknown): value is EmbargoNotice {
  const embargo = (value as Partial<EmbargoNotice> | null)?.embargo;
  return typeof embargo?.until === "string" && typeof embargo.timeZone === "string";
}

/** The sentence of the notice, also its page's description. */
export function embargoSentence({ embargo }: EmbargoNotice): string {
  return `This press kit is under embargo until ${formatZonedDate(embargo.until, embargo.timeZone)}; ask the studio for access.`;
}

/** A kit page's error boundary: the embargo notice, or `fallback` (the site's one boundary). */
export function PressKitErrorBoundary({ fallback }: { fallback: ReactNode }) {
  const error = useRouteError();
  const site = useSite();
  if (!isRouteErrorResponse(error) || error.status !== 403 || !isEmbargoNotice(error.data))
    return fallback;
  const notice = error.data;
  const { pressEmail } = notice.embargo;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <title>{`Press kit under embargo | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <Lock aria-hidden="true" className="size-12 text-primary" />
      <h1 className="mt-4 text-3xl font-bold">Press kit under embargo</h1>
      <p className="mt-3 text-muted-foreground" data-testid="embargo-notice">
        {embargoSentence(notice)}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {pressEmail && (
          <Button asChild>
            <a href={`mailto:${pressEmail}?subject=${encodeURIComponent("Press kit access")}`}>
              Ask {pressEmail}
            </a>
          </Button>
        )}
        <Button asChild variant={pressEmail ? "outline" : "default"}>
          <Link to="/">Return to Home</Link>
        </Button>
      </div>
    </section>
  );
}
