import { Clock, Mail, MapPin } from "lucide-react";
import { getSessionUser } from "~/accounts/index.server";
import { ContactForm } from "~/messages";
import { answerContactForm } from "~/messages/index.server";
import { useStudioTimeZone } from "~/platform/dates/local-time";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { SocialLinks } from "~/platform/studio/social-links";
import { STUDIO, STUDIO_HOURS } from "~/platform/studio/studio";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import type { Route } from "./+types/contact";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

export async function action({ request, context }: Route.ActionArgs) {
  const sender = await getSessionUser(request, context);
  return answerContactForm(request, context, sender?.id ?? null);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact",
    description: `Get in touch with ${STUDIO.name}: press, partnerships, support or just to say hello.`,
    path: "/contact",
    siteUrl: siteUrlFrom(matches),
  });

export default function Contact({ actionData }: Route.ComponentProps) {
  const studioTimeZone = useStudioTimeZone();
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <header className="max-w-2xl">
        <h1 className="text-4xl font-black tracking-tight">Get in Touch</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Questions, press, partnerships or just a hello: we read every message.
        </p>
      </header>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Studio</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-4 text-sm">
              <p className="flex items-start gap-3">
                <Mail aria-hidden="true" className="mt-0.5 size-4 text-primary" />
                <span>
                  <a href={`mailto:${STUDIO.email}`} className="font-medium hover:underline">
                    {STUDIO.email}
                  </a>
                  <br />
                  <span className="text-muted-foreground">Press: </span>
                  <a href={`mailto:${STUDIO.pressEmail}`} className="hover:underline">
                    {STUDIO.pressEmail}
                  </a>
                </span>
              </p>
              <p className="flex items-start gap-3">
                <MapPin aria-hidden="true" className="mt-0.5 size-4 text-primary" />
                <span>{STUDIO.location}</span>
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="flex items-center gap-2">
                  <Clock aria-hidden="true" className="size-5 text-primary" />
                  Studio Hours
                </h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-2 text-sm">
                {STUDIO_HOURS.map((row) => (
                  <div key={row.days} className="flex justify-between gap-4">
                    <dt className="whitespace-nowrap font-medium">{row.days}</dt>
                    <dd className="text-right text-muted-foreground">
                      <span className="whitespace-nowrap">{row.hours}</span>
                      {/* The studio's zone, on its own line under the hours it qualifies. */}
                      {row.open && <span className="block text-xs"> ({studioTimeZone})</span>}
                    </dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2>Follow Us</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <SocialLinks className="gap-3" linkClassName="hover:text-primary" />
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Send us a message</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ContactForm documentReply={actionData} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
