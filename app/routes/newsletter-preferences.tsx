import { data, Form, useNavigation } from "react-router";
import { answerPreferences, loadPreferences } from "~/newsletter/index.server";
import { runtimeContext } from "~/platform/server/context.server";
import { Button } from "~/platform/ui/button";
import type { Route } from "./+types/newsletter-preferences";

// /newsletter/preferences?token=…: the signed link in every newsletter mail. Change lists,
// unsubscribe, or erase the address; no account needed. A bad link changes nothing (400).

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env } = context.get(runtimeContext);
  const token = new URL(request.url).searchParams.get("token");
  const found = await loadPreferences(db, env.AUTH_SECRET, token);
  if (!found) return data({ preferences: null }, { status: 400 });
  return { preferences: found.preferences };
}

export const action = ({ request, context }: Route.ActionArgs) =>
  answerPreferences(request, context);

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter preferences" },
  { name: "robots", content: "noindex" },
];

const DONE = {
  saved: "Your lists are saved.",
  unsubscribed: "You are unsubscribed: no more newsletter mail will be sent to you.",
  erased: "Your address and its subscriptions are erased.",
} as const;

export default function NewsletterPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { preferences } = loaderData;
  if (actionData?.done === "erased" || !preferences) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-black tracking-tight">
          {preferences || actionData?.done ? "Erased" : "This link is invalid or has expired"}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {actionData?.done === "erased" ? DONE.erased : "Nothing was changed."}
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-black tracking-tight">Newsletter preferences</h1>
      <p className="mt-3 text-muted-foreground">
        For <strong className="text-foreground">{preferences.email}</strong>
        {preferences.unsubscribed ? ": unsubscribed." : "."}
      </p>
      <div aria-live="polite" className="mt-4">
        {actionData?.done && (
          <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
            {DONE[actionData.done as keyof typeof DONE]}
          </p>
        )}
        {actionData?.error && (
          <p role="alert" className="text-sm text-destructive">
            {actionData.error}
          </p>
        )}
      </div>
      <Form method="post" className="mt-6 space-y-6">
        <fieldset className="space-y-2 rounded-xl border bg-card p-5">
          <legend className="px-1 text-sm font-medium">Lists</legend>
          {preferences.lists.map((list) => (
            <label key={list.name} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="lists"
                value={list.name}
                defaultChecked={list.subscribed}
                className="size-4 accent-primary"
              />
              {list.label}
            </label>
          ))}
        </fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="save" disabled={busy}>
            Save lists
          </Button>
          <Button type="submit" name="intent" value="unsubscribe" variant="outline" disabled={busy}>
            Unsubscribe from all
          </Button>
          <Button type="submit" name="intent" value="erase" variant="destructive" disabled={busy}>
            Erase my address
          </Button>
        </div>
      </Form>
    </div>
  );
}
