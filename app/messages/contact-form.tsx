import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useDeferredSchemaForm } from "~/platform/forms/deferred-form";
import { Field, replyMessage, TextareaField } from "~/platform/forms/schema-fields";
import type { FormReply } from "~/platform/forms/submission.server";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { Send } from "~/platform/ui/icons";
import { CONTACT_LIMITS, HONEYPOT_FIELD } from "./contact-limits";

const SENT = "Message sent!";
const SENT_TEXT = "We'll get back to you soon. Thank you for reaching out.";

const LINES = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "subject", label: "Subject" },
] as const;

/**
 * The contact form (docs/product.md#contact). With JavaScript it posts through a fetcher and answers
 * with toasts; without, the page reloads with the action's reply (`documentReply`) and says the same
 * inline.
 */
export function ContactForm({ documentReply }: { documentReply?: FormReply }) {
  const fetcher = useFetcher<FormReply>();
  const [form, fields] = useDeferredSchemaForm(
    () => import("./contact-schema").then((m) => m.ContactSchema),
    {
      id: "contact-form",
      lastResult: fetcher.data ?? documentReply,
    },
  );
  const busy = fetcher.state !== "idle";
  const refusal = replyMessage(documentReply);

  useEffect(() => {
    if (fetcher.data?.status === "success") toast.success(SENT, { description: SENT_TEXT });
    const message = replyMessage(fetcher.data);
    if (message) toast.error("Error sending message", { description: message });
  }, [fetcher.data]);

  return (
    <fetcher.Form
      id={form.id}
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      aria-describedby="contact-form-status"
      className="space-y-5"
    >
      <div id="contact-form-status">
        {documentReply?.status === "success" && (
          <p
            role="status"
            className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
          >
            <strong>{SENT}</strong> {SENT_TEXT}
          </p>
        )}
        {refusal && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            <strong>Error sending message.</strong> {refusal}
          </p>
        )}
      </div>
      {/* Hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="honeypot">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input
          id={HONEYPOT_FIELD}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {LINES.map((line) => (
        <Field
          key={line.name}
          meta={fields[line.name]}
          id={line.name}
          label={line.label}
          type={"type" in line ? line.type : "text"}
          autoComplete={"autoComplete" in line ? line.autoComplete : undefined}
          maxLength={CONTACT_LIMITS[line.name]}
          disabled={busy}
        />
      ))}
      <TextareaField
        meta={fields.message}
        id="message"
        label="Message"
        rows={6}
        maxLength={CONTACT_LIMITS.message}
        disabled={busy}
      />
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        <Send aria-hidden="true" />
        {busy ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}
