import { Clock, Mail, MapPin, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { data, useActionData, useFetcher } from "react-router";
import { toast } from "sonner";
import { getSessionUser } from "~/accounts/index.server";
import { CONTACT_LIMITS, type ContactField, ContactSchema, HONEYPOT_FIELD } from "~/messages";
import { notifyStaff, submitContactMessage } from "~/messages/index.server";
import { useStudioTimeZone } from "~/platform/dates/local-time";
import { type FieldErrors, parseForm } from "~/platform/forms/form-errors";
import { UNREADABLE_FORM } from "~/platform/forms/read-form.server";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { SocialLinks } from "~/platform/studio/social-links";
import { STUDIO, STUDIO_HOURS } from "~/platform/studio/studio";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/platform/ui/card";
import { Input, Textarea } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import type { Route } from "./+types/contact";

const UNEXPECTED = "An unexpected error occurred. Please try again.";

type ActionResult =
  | { ok: true }
  | {
      ok: false;
      errors?: FieldErrors<ContactField>;
      formError?: string;
      values?: Partial<Record<ContactField, string>>;
    };

function submittedValues(formData: FormData): Partial<Record<ContactField, string>> {
  const values: Partial<Record<ContactField, string>> = {};
  for (const field of ["name", "email", "subject", "message"] as const) {
    const value = formData.get(field);
    // Sent back to refill the form: never more than the field can hold.
    if (typeof value === "string") values[field] = value.slice(0, CONTACT_LIMITS[field]);
  }
  return values;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime, clientIp } = context;
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data<ActionResult>({ ok: false, formError: UNREADABLE_FORM }, 400);
  }
  try {
    const outcome = await submitContactMessage(runtime.db, formData, {
      clientIp,
      limits: runtime.limits,
      // A signed-in sender's message is theirs (export, deletion), whatever address they typed.
      senderId: (await getSessionUser(request, context))?.id ?? null,
    });
    const values = submittedValues(formData);
    switch (outcome.status) {
      case "sent":
        // The message is stored; telling staff happens after the answer and never fails it.
        notifyStaff(runtime.db, runtime.mailer, runtime.env.SITE_URL, outcome.message).catch(
          (error) => runtime.logger.warn({ err: error }, "staff notification failed"),
        );
        return data<ActionResult>({ ok: true });
      case "invalid":
        return data<ActionResult>({ ok: false, errors: outcome.errors, values }, 400);
      case "refused":
        return data<ActionResult>(
          { ok: false, formError: outcome.message, values },
          outcome.reason === "rate-limited" ? 429 : 400,
        );
    }
  } catch (error) {
    runtime.logger.error({ err: error }, "contact message not stored");
    return data<ActionResult>(
      { ok: false, formError: UNEXPECTED, values: submittedValues(formData) },
      503,
    );
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact",
    description: `Get in touch with ${STUDIO.name}: press, partnerships, support or just to say hello.`,
    path: "/contact",
    siteUrl: siteUrlFrom(matches),
  });

const FIELDS: {
  name: ContactField;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}[] = [
  { name: "name", label: "Name", autoComplete: "name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "subject", label: "Subject" },
  { name: "message", label: "Message", multiline: true },
];

function ContactForm() {
  const fetcher = useFetcher<typeof action>();
  // Without JavaScript the form posts as a document and the result arrives as action data.
  const documentResult = useActionData<typeof action>() as ActionResult | undefined;
  const result = (fetcher.data as ActionResult | undefined) ?? documentResult;
  const [clientErrors, setClientErrors] = useState<FieldErrors<ContactField> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    const outcome = fetcher.data as ActionResult | undefined;
    if (!outcome) return;
    if (outcome.ok) {
      toast.success("Message sent!", {
        description: "We'll get back to you soon. Thank you for reaching out.",
      });
      formRef.current?.reset();
      setClientErrors(null);
    } else if (outcome.formError) {
      toast.error("Error sending message", { description: outcome.formError });
    }
  }, [fetcher.data]);

  const serverErrors = result && !result.ok ? result.errors : undefined;
  const errors = clientErrors ?? serverErrors ?? {};
  const values = result && !result.ok ? result.values : undefined;

  function validate(form: HTMLFormElement) {
    const parsed = parseForm(ContactSchema, new FormData(form));
    return parsed.success ? null : parsed.errors;
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      noValidate
      aria-describedby="contact-form-status"
      className="space-y-5"
      onSubmit={(event) => {
        const found = validate(event.currentTarget);
        setClientErrors(found ?? {});
        if (found) {
          event.preventDefault();
          const first = FIELDS.find((f) => found[f.name]);
          const element = first && event.currentTarget.elements.namedItem(first.name);
          if (element instanceof HTMLElement) element.focus();
        }
      }}
      onChange={(event) => {
        // Once a field has been flagged, its message follows what the user types.
        const field = (event.target as unknown as HTMLInputElement).name as ContactField;
        if (!errors[field]) return;
        const found = validate(event.currentTarget) ?? {};
        setClientErrors({ ...errors, [field]: found[field] });
      }}
    >
      <div id="contact-form-status">
        {documentResult?.ok && (
          <p
            role="status"
            className="rounded-md border border-green-600/40 bg-green-600/10 p-3 text-sm"
          >
            <strong>Message sent!</strong> We'll get back to you soon. Thank you for reaching out.
          </p>
        )}
        {documentResult && !documentResult.ok && documentResult.formError && (
          <p
            role="alert"
            className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            <strong>Error sending message.</strong> {documentResult.formError}
          </p>
        )}
      </div>
      {/* Hidden from people and assistive technology; bots fill it. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
        <input
          id={HONEYPOT_FIELD}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      {FIELDS.map((field) => {
        const error = errors[field.name];
        const errorId = `${field.name}-error`;
        const common = {
          id: field.name,
          name: field.name,
          maxLength: CONTACT_LIMITS[field.name],
          defaultValue: values?.[field.name],
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId : undefined,
          disabled: busy,
        };
        return (
          <div key={field.name} className="space-y-2">
            <Label htmlFor={field.name}>{field.label}</Label>
            {field.multiline ? (
              <Textarea {...common} rows={6} />
            ) : (
              <Input {...common} type={field.type ?? "text"} autoComplete={field.autoComplete} />
            )}
            {error && (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
        <Send aria-hidden="true" />
        {busy ? "Sending..." : "Send Message"}
      </Button>
    </fetcher.Form>
  );
}

export default function Contact() {
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
            <ContactForm />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
