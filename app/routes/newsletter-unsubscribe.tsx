import { data, Form, Link, useNavigation } from "react-router";
import { INVALID_LINK } from "~/newsletter";
import { answerUnsubscribe, loadPreferences } from "~/newsletter/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/newsletter-unsubscribe";

// The "Unsubscribe" link of every newsletter mail, and its List-Unsubscribe address
// (docs/product.md#newsletter-subscribing). GET shows one button and changes nothing (mail
// scanners follow links); its POST unsubscribes and offers Undo for an hour. A POST without an
// intent is RFC 8058's one-click (`List-Unsubscribe=One-Click`, no session or cookie): idempotent,
// a forged or altered token refused with 400 and nothing changed.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await loadPreferences(db, env.AUTH_SECRET, token);
  if (!found) return data({ reader: null }, { status: 400 });
  const { email, lists } = found.preferences;
  return {
    reader: {
      email,
      lists: lists.filter((list) => list.subscribed).map((list) => list.label),
      preferences: `/newsletter/preferences?token=${encodeURIComponent(token)}`,
    },
  };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  answerUnsubscribe(request, context);

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe" },
  { name: "robots", content: "noindex" },
];

const Page = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
    <h1 className="text-3xl font-black tracking-tight">{title}</h1>
    {children}
  </div>
);

const Muted = ({ children }: { children: React.ReactNode }) => (
  <p className="mt-3 text-muted-foreground">{children}</p>
);

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { reader } = loaderData;
  if (!reader) {
    return (
      <Page title={INVALID_LINK}>
        <Muted>Nothing was changed.</Muted>
      </Page>
    );
  }
  const preferences = (label: string) => (
    <Link className="mt-6 inline-block text-primary underline" to={reader.preferences}>
      {label}
    </Link>
  );
  const to = <strong className="text-foreground">{reader.email}</strong>;
  const kind = actionData && "kind" in actionData ? actionData.kind : null;
  if (kind === "unsubscribed") {
    const undo = actionData && "undo" in actionData ? actionData.undo : null;
    return (
      <Page title="You are unsubscribed">
        <Muted>No more newsletter mail will be sent to {to}.</Muted>
        {undo && (
          <Form method="post" className="mt-6 flex flex-wrap items-center gap-3">
            <input type="hidden" name="undo" value={undo} />
            <Button type="submit" name="intent" value="undo" variant="outline" disabled={busy}>
              Undo
            </Button>
            <span className="text-sm text-muted-foreground">
              Clicked by mistake? Undo puts your lists back, for an hour.
            </span>
          </Form>
        )}
        <div>{preferences("Manage your preferences")}</div>
      </Page>
    );
  }
  if (kind === "restored") {
    return (
      <Page title="You are subscribed again">
        <Muted>
          {to} gets {reader.lists.join(", ") || "its lists"} again, as before.
        </Muted>
        {preferences("Manage your preferences")}
      </Page>
    );
  }
  const refused = actionData && "error" in actionData ? actionData.error : null;
  const alert = refused && (
    <p role="alert" className="mt-4 text-sm text-destructive">
      {refused}
    </p>
  );
  if (reader.lists.length === 0) {
    return (
      <Page title="You are unsubscribed">
        <Muted>No newsletter mail goes to {to}.</Muted>
        {alert}
        {preferences("Manage your preferences")}
      </Page>
    );
  }
  return (
    <Page title="Unsubscribe">
      <Muted>
        Stop the newsletter mail to {to}? You get: {reader.lists.join(", ")}.
      </Muted>
      {alert}
      <Form method="post" className="mt-6">
        <Button type="submit" name="intent" value="unsubscribe" disabled={busy}>
          Unsubscribe
        </Button>
      </Form>
      {preferences("Choose lists on your preferences page instead")}
    </Page>
  );
}
