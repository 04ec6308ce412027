import { getSessionUser } from "~/accounts/index.server";
import { ContactForm } from "~/messages";
import { answerContactForm } from "~/messages/index.server";
import { useStudioTimeZone } from "~/platform/dates/local-time";
import { PUBLIC_PAGE } from "~/platform/http/shared-pages";
import { pageMeta } from "~/platform/seo/meta";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Clock, Mail, MapPin } from "~/platform/ui/icons";
import { SocialLinks, type StudioContact, siteFrom, studioContact, useSite } from "~/settings";
import { readPageSettings } from "~/settings/index.server";
import type { Route } from "./+types/contact";

/** The same for every anonymous visitor: the page cache may keep it. */
export const handle = PUBLIC_PAGE;

// The addresses, the place and the hours: this page's alone, not every page's root data.
export async function loader({ request, context }: Route.LoaderArgs) {
  return studioContact(await readPageSettings(request, context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const sender = await getSessionUser(request, context);
  return answerContactForm(request, context, sender?.id ?? null);
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...siteFrom(matches),
    title: "Contact",
    description: `Get in touch with ${siteFrom(matches).siteName}: press, partnerships, support or just to say hello.`,
    path: "/contact",
  });

export default function Contact({ loaderData: contact, actionData }: Route.ComponentProps) {
  const studioTimeZone = useStudioTimeZone();
  const site = useSite();
  return (
    <div className="page-width py-14">
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
              <p className="flex items-start gap-3 font-medium">{site.name}</p>
              <StudioAddresses contact={contact} />
              {contact.location && (
                <p className="flex items-start gap-3">
                  <MapPin aria-hidden="true" className="mt-0.5 size-4 text-primary" />
                  <span>{contact.location}</span>
                </p>
              )}
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
                {contact.hours.map((row) => (
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
          {site.socialLinks.length > 0 && (
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
          )}
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

/** The studio's addresses from its settings: general, press and jobs, those it has. */
function StudioAddresses({ contact }: { contact: StudioContact }) {
  const addresses = [
    { label: null, email: contact.emailGeneral },
    { label: "Press: ", email: contact.emailPress },
    { label: "Jobs: ", email: contact.emailJobs },
  ].filter((entry) => entry.email);
  if (addresses.length === 0) return null;
  return (
    <p className="flex items-start gap-3">
      <Mail aria-hidden="true" className="mt-0.5 size-4 text-primary" />
      <span>
        {addresses.map(({ label, email }, index) => (
          <span key={email + String(label)} className="block">
            {label && <span className="text-muted-foreground">{label}</span>}
            <a
              href={`mailto:${email}`}
              className={index === 0 ? "font-medium hover:underline" : "hover:underline"}
            >
              {email}
            </a>
          </span>
        ))}
      </span>
    </p>
  );
}
