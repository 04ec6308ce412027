import { useFetcher } from "react-router";
import { useDeferredSchemaForm } from "~/platform/forms/deferred-form";
import {
  EmailField,
  Field,
  replyMessage,
  SelectField,
  TextareaField,
} from "~/platform/forms/schema-fields";
import type { FormReply } from "~/platform/forms/submission.server";
import { Button } from "~/platform/ui/button";
import { KeyRound } from "~/platform/ui/icons";
import { KEY_REQUEST_HONEYPOT, KEY_REQUEST_LIMITS } from "./key-request-limits";

export const KEY_REQUEST_SENT = "Request sent! We read every request and answer by e-mail.";

/** Where a game's press page posts its key requests. */
export const keyRequestPath = (slug: string) => `/press/${slug}/key-request`;

/**
 * The key request form a game's press page shows (docs/product.md#key-desk). It posts to its own
 * resource route, so the page only renders it.
 */
export function KeyRequestForm({
  slug,
  platforms,
}: {
  slug: string;
  platforms: readonly string[];
}) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useDeferredSchemaForm(
    () => import("./key-request-schema").then((m) => m.KeyRequestSchema),
    { id: "key-request-form", lastResult: fetcher.data },
  );
  const busy = fetcher.state !== "idle";
  const refusal = replyMessage(fetcher.data);
  const options = (platforms.length > 0 ? platforms : ["PC"]).map((p) => ({ value: p, label: p }));
  return (
    <fetcher.Form
      id={form.id}
      method="post"
      action={keyRequestPath(slug)}
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-4"
    >
      <div aria-live="polite">
        {fetcher.data?.status === "success" && (
          <p
            role="status"
            className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
          >
            {KEY_REQUEST_SENT}
          </p>
        )}
        {refusal && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            {refusal}
          </p>
        )}
      </div>
      <div aria-hidden="true" className="honeypot">
        <label htmlFor="key-request-website">Leave this field empty</label>
        <input
          id="key-request-website"
          name={KEY_REQUEST_HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          meta={fields.name}
          id="kr-name"
          label="Name"
          autoComplete="name"
          maxLength={KEY_REQUEST_LIMITS.name}
          disabled={busy}
        />
        <EmailField
          meta={fields.email}
          id="kr-email"
          maxLength={KEY_REQUEST_LIMITS.email}
          disabled={busy}
        />
        <Field
          meta={fields.outlet}
          id="kr-outlet"
          label="Outlet"
          maxLength={KEY_REQUEST_LIMITS.outlet}
          disabled={busy}
        />
        <Field
          meta={fields.outletUrl}
          id="kr-outlet-url"
          label="Outlet URL"
          type="url"
          maxLength={KEY_REQUEST_LIMITS.outletUrl}
          disabled={busy}
        />
        <Field
          meta={fields.audience}
          id="kr-audience"
          label="Audience or channel"
          maxLength={KEY_REQUEST_LIMITS.audience}
          disabled={busy}
        />
        <SelectField
          meta={fields.platform}
          id="kr-platform"
          label="Platform"
          options={options}
          disabled={busy}
        />
      </div>
      <TextareaField
        meta={fields.message}
        id="kr-message"
        label="Message"
        rows={4}
        maxLength={KEY_REQUEST_LIMITS.message}
        disabled={busy}
      />
      <Button type="submit" disabled={busy}>
        <KeyRound aria-hidden="true" />
        {busy ? "Sending..." : "Request a key"}
      </Button>
    </fetcher.Form>
  );
}
