import { Link } from "react-router";
import { CHECK_INBOX } from "~/newsletter";
import { answerSubscribe } from "~/newsletter/index.server";
import type { FormReply } from "~/platform/forms/submission.server";
import type { Route } from "./+types/newsletter-subscribe";

// POST /newsletter/subscribe: the subscribe forms' action (Home, articles, game pages). The answer
// is the same whether or not the address is already subscribed. The forms post with a fetcher and
// show the answer in place; without JavaScript the browser posts the page itself, and this page
// shows the answer instead of its data.
export const action = ({ request, context }: Route.ActionArgs) => answerSubscribe(request, context);

/** The page itself has nothing to load; without a submission it points to the forms. */
export const loader = () => null;

export const meta: Route.MetaFunction = () => [
  { title: "Newsletter" },
  { name: "robots", content: "noindex" },
];

export default function NewsletterSubscribed({ actionData }: Route.ComponentProps) {
  const reply = actionData as FormReply | undefined;
  const done = reply?.status === "success";
  if (!reply) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-3xl font-black tracking-tight">Newsletter</h1>
        <p className="mt-3 text-muted-foreground">
          Subscribe with the form on Home, on any article or on a game's page.
        </p>
        <Link className="mt-6 inline-block text-primary underline" to="/">
          Back to Home
        </Link>
      </div>
    );
  }
  const errors = Object.values(reply?.error ?? {})
    .flat()
    .filter((message): message is string => Boolean(message));
  return (
    <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-black tracking-tight">
        {done ? CHECK_INBOX : "Your subscription was not saved"}
      </h1>
      {done ? (
        <p className="mt-3 text-muted-foreground">
          We sent you a mail with a link. Nothing is sent to you until you open it and confirm.
        </p>
      ) : (
        <ul className="mt-3 list-disc pl-5 text-destructive">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <Link className="mt-6 inline-block text-primary underline" to="/">
        Back to Home
      </Link>
    </div>
  );
}
