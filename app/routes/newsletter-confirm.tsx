import { data, Form, Link, useNavigation } from "react-router";
import { confirmSubscription, preferencesLink, readToken } from "~/newsletter/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/newsletter-confirm";

// /newsletter/confirm?token=…: the confirmation mail's link. Opening it asks; the button (a POST)
// subscribes the lists the request named. Mail scanners and link previews open links with GET, so a
// GET changes nothing: only the person's click confirms. A bad or expired link changes nothing.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const valid = readToken(env.AUTH_SECRET, "confirm", token) !== null;
  return data({ valid }, { status: valid ? 200 : 400 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const done = await confirmSubscription(db, env.AUTH_SECRET, token);
  if (!done) return data({ confirmed: false, preferences: null }, { status: 400 });
  const keys = { secret: env.AUTH_SECRET, siteUrl: "" };
  return { confirmed: true, preferences: preferencesLink(keys, done.subscriberId) };
}

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter" },
  { name: "robots", content: "noindex" },
];

const Page = ({ children }: { children: React.ReactNode }) => (
  <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">{children}</div>
);

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  if (actionData?.confirmed) {
    return (
      <Page>
        <h1 className="text-3xl font-black tracking-tight">Subscription confirmed</h1>
        <p className="mt-3 text-muted-foreground">
          Thank you: you will receive the news you asked for. Every mail has a link to change your
          lists or unsubscribe.
        </p>
        {actionData.preferences && (
          <Link className="mt-6 inline-block text-primary underline" to={actionData.preferences}>
            Manage your subscription
          </Link>
        )}
      </Page>
    );
  }
  if (!loaderData.valid || actionData) {
    return (
      <Page>
        <h1 className="text-3xl font-black tracking-tight">This link is invalid or has expired</h1>
        <p className="mt-3 text-muted-foreground">
          Nothing was changed. Subscribe again to get a new confirmation mail.
        </p>
        <Link className="mt-6 inline-block text-primary underline" to="/">
          Back to Home
        </Link>
      </Page>
    );
  }
  return (
    <Page>
      <h1 className="text-3xl font-black tracking-tight">Confirm your subscription</h1>
      <p className="mt-3 text-muted-foreground">
        One click and the news you asked for will reach your inbox. Nothing is sent until you
        confirm.
      </p>
      <Form method="post" className="mt-6">
        <Button type="submit" disabled={busy}>
          Confirm subscription
        </Button>
      </Form>
    </Page>
  );
}
