import { useFetcher } from "react-router";
import { useDeferredSchemaForm } from "~/platform/forms/deferred-form";
import { Field, FormErrors, replyMessage } from "~/platform/forms/schema-fields";
import type { FormReply } from "~/platform/forms/submission.server";
import { Button } from "~/platform/ui/button";
import { MailPlus } from "~/platform/ui/icons";
import { CHECK_INBOX, NEWSLETTER_HONEYPOT, SUBSCRIBE_LIMITS } from "./subscribe-limits";

export type SubscribeList = { name: string; label: string };

/**
 * The subscribe form (docs/product.md#newsletter-subscribing): an address and the lists offered
 * (one list: no choice shown). It posts to /newsletter/subscribe; the answer is the same whether
 * or not the address was known.
 */
export function SubscribeForm({
  lists,
  form: source,
  title = "Get the news by mail",
  text,
}: {
  lists: SubscribeList[];
  form: "home" | "game" | "news";
  title?: string;
  text?: string;
}) {
  const fetcher = useFetcher<FormReply>();
  const id = `subscribe-${source}`;
  const [form, fields] = useDeferredSchemaForm(
    () => import("./subscribe-schema").then((m) => m.SubscribeSchema),
    { id, lastResult: fetcher.data },
  );
  const busy = fetcher.state !== "idle";
  const refusal = replyMessage(fetcher.data);
  const done = fetcher.data?.status === "success";
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border bg-card p-6">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {text && <p className="mt-1 text-sm text-muted-foreground">{text}</p>}
      <fetcher.Form
        id={form.id}
        method="post"
        action="/newsletter/subscribe"
        noValidate
        onSubmit={form.onSubmit}
        className="mt-4 space-y-3"
      >
        <input type="hidden" name="form" value={source} />
        <div aria-hidden="true" className="honeypot">
          <label htmlFor={`${id}-${NEWSLETTER_HONEYPOT}`}>Leave this field empty</label>
          <input
            id={`${id}-${NEWSLETTER_HONEYPOT}`}
            name={NEWSLETTER_HONEYPOT}
            type="text"
            tabIndex={-1}
            autoComplete="off"
          />
        </div>
        {lists.length === 1 ? (
          <input type="hidden" name="lists" value={lists[0]!.name} />
        ) : (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Lists</legend>
            {lists.map((list, index) => (
              <label key={list.name} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="lists"
                  value={list.name}
                  defaultChecked={index === 0}
                  className="size-4 accent-primary"
                />
                {list.label}
              </label>
            ))}
            <FormErrors errors={fields.lists.errors} id={`${id}-lists-error`} />
          </fieldset>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Field
              meta={fields.email}
              id={`${id}-email`}
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={SUBSCRIBE_LIMITS.email}
              disabled={busy}
            />
          </div>
          <Button type="submit" disabled={busy}>
            <MailPlus aria-hidden="true" />
            {busy ? "Subscribing..." : "Subscribe"}
          </Button>
        </div>
        <div aria-live="polite">
          {done && (
            <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
              {CHECK_INBOX}
            </p>
          )}
          {refusal && (
            <p role="alert" className="text-sm text-destructive">
              {refusal}
            </p>
          )}
        </div>
      </fetcher.Form>
    </section>
  );
}
