import { Form } from "react-router";
import type { FormReplyWith } from "~/platform/forms/reply-with.server";
import {
  Field,
  FormErrors,
  SchemaForm,
  usePending,
  useSchemaForm,
} from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { AuthCard } from "./auth-card";
import { SIGN_IN_TEXT_INTENT, type SignInTextSent } from "./auth-intents";
import { authSchema } from "./auth-schema-loaders";
import { ResendCodeButton } from "./resend-button";

// The second step of a sign-in (/auth/two-factor, docs/accounts-and-security.md#phone): the
// account's own factors, a code from the authenticator app, a code by text message to the masked
// number, or a backup code. Each is a form posting to the page's action, so every way works without
// JavaScript; each names itself with a hidden `intent` that its reply echoes, so a refusal comes
// back to the form that was sent. Nothing here loads the phone number library.

/** What the waiting sign-in can use: its app, its phone (masked), or neither known. */
export type TwoFactorChoices = { phone: string | null; app: boolean };

/** The page's answers: a refused code or send, or "a code is on its way". */
export type TwoFactorReply = FormReplyWith<SignInTextSent>;

const STEPS = { app: "verify-app", phone: "verify-text", backup: "verify-backup" } as const;
type Step = (typeof STEPS)[keyof typeof STEPS];

function echoed(reply: TwoFactorReply | undefined, name: string): string | undefined {
  const value = reply?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

/** The reply when it answers this form. */
const replyOf = (reply: TwoFactorReply | undefined, step: Step) =>
  echoed(reply, "intent") === step ? reply : undefined;

function TrustDevice() {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name="trustDevice" className="size-4" />
      Trust this device for 30 days
    </label>
  );
}

/** One code form: the app's, the text message's or a backup code's. */
function CodeForm({
  step,
  label,
  id,
  redirectTo,
  reply,
  resendAt,
  autoFocus,
}: {
  step: Step;
  label: string;
  id: string;
  redirectTo: string;
  reply?: TwoFactorReply;
  resendAt?: string;
  autoFocus?: boolean;
}) {
  const busy = usePending(step);
  const [form, fields] = useSchemaForm(authSchema("TwoFactorCodeSchema"), {
    id: `${id}-form`,
    lastResult: replyOf(reply, step),
  });
  return (
    <SchemaForm form={form}>
      <input type="hidden" name="intent" value={step} />
      <input type="hidden" name="method" value={step === STEPS.phone ? "phone" : "app"} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {resendAt && <input type="hidden" name="resendAt" value={resendAt} />}
      <Field
        meta={fields.code}
        id={id}
        label={label}
        inputMode={step === STEPS.backup ? "text" : "numeric"}
        autoComplete="one-time-code"
        autoFocus={autoFocus}
      />
      <TrustDevice />
      <Button
        type="submit"
        className="w-full"
        variant={step === STEPS.backup ? "outline" : "default"}
        disabled={busy}
      >
        {busy ? "Verifying..." : step === STEPS.backup ? "Verify backup code" : "Verify"}
      </Button>
    </SchemaForm>
  );
}

/**
 * "Text me a code", or in the phone step "Send a new code": the refusal's sentence (wait, too
 * many, paused) shows above its button. `view` brings a refused resend back to the phone step.
 */
function SendTextForm({
  masked,
  redirectTo,
  reply,
  resendAt,
}: {
  masked: string;
  redirectTo: string;
  reply?: TwoFactorReply;
  /** Set in the phone step: the form is the resend. */
  resendAt?: string;
}) {
  const busy = usePending(SIGN_IN_TEXT_INTENT);
  const resend = resendAt !== undefined;
  const mine =
    echoed(reply, "intent") === SIGN_IN_TEXT_INTENT &&
    (echoed(reply, "view") === "phone") === resend;
  return (
    <Form method="post" className="space-y-3">
      <FormErrors errors={mine ? (reply?.error?.[""] ?? undefined) : undefined} />
      <input type="hidden" name="intent" value={SIGN_IN_TEXT_INTENT} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {resend ? (
        <>
          <input type="hidden" name="view" value="phone" />
          <input type="hidden" name="resendAt" value={resendAt} />
          <ResendCodeButton resendAt={resendAt} busy={busy} />
        </>
      ) : (
        <Button type="submit" variant="outline" className="w-full" disabled={busy}>
          {busy ? "Sending..." : "Text me a code"}
          <span className="sr-only"> to {masked}</span>
        </Button>
      )}
    </Form>
  );
}

/** Where the step stands: the phone's code is awaited once sent (or after its form was refused). */
function phoneStep(reply: TwoFactorReply | undefined) {
  if (reply?.result?.kind === "text-sent") return { resendAt: reply.result.resendAt, fresh: true };
  const intent = echoed(reply, "intent");
  const resent = intent === SIGN_IN_TEXT_INTENT && echoed(reply, "view") === "phone";
  if (intent !== STEPS.phone && !resent) return null;
  return { resendAt: echoed(reply, "resendAt") ?? new Date(0).toISOString(), fresh: false };
}

function describe(choices: TwoFactorChoices) {
  if (choices.phone && choices.app) {
    return "Enter the 6-digit code from your authenticator app, or get a code by text message.";
  }
  if (choices.phone) {
    return `Get a code by text message to ${choices.phone}, or use one of your backup codes.`;
  }
  return "Enter the 6-digit code from your authenticator app, or one of your backup codes.";
}

export function TwoFactorStep({
  choices,
  redirectTo,
  codeMinutes,
  reply,
}: {
  choices: TwoFactorChoices;
  redirectTo: string;
  /** How long a texted code lasts. */
  codeMinutes: number;
  reply?: TwoFactorReply;
}) {
  const texted = choices.phone ? phoneStep(reply) : null;
  // An account whose factors could not be told is offered the app's code, as before the phone.
  const app = choices.app || !choices.phone;
  const backupOpen = echoed(reply, "intent") === STEPS.backup;
  return (
    <AuthCard
      title="Two-factor authentication"
      description={
        texted && choices.phone
          ? `We sent a code to ${choices.phone}. ${texted.fresh ? `It expires in ${codeMinutes} minutes.` : ""}`.trim()
          : describe(choices)
      }
    >
      <div className="space-y-6">
        {texted && choices.phone ? (
          <div className="space-y-4" data-testid="text-step">
            <CodeForm
              step={STEPS.phone}
              id="text-code"
              label="Code from the text message"
              redirectTo={redirectTo}
              reply={reply}
              resendAt={texted.resendAt}
              autoFocus
            />
            <SendTextForm
              masked={choices.phone}
              redirectTo={redirectTo}
              reply={reply}
              resendAt={texted.resendAt}
            />
            {choices.app && (
              <a
                href={`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`}
                className="block text-sm text-primary underline"
              >
                Use your authenticator app instead
              </a>
            )}
          </div>
        ) : (
          <>
            {app && (
              <CodeForm
                step={STEPS.app}
                id="code"
                label="Code"
                redirectTo={redirectTo}
                reply={reply}
                autoFocus
              />
            )}
            {app && choices.phone && (
              <p className="text-center text-xs uppercase text-muted-foreground">or</p>
            )}
            {choices.phone && (
              <SendTextForm masked={choices.phone} redirectTo={redirectTo} reply={reply} />
            )}
          </>
        )}
        <details className="text-sm" open={backupOpen}>
          <summary className="cursor-pointer text-primary">Use a backup code</summary>
          <div className="mt-3">
            <CodeForm
              step={STEPS.backup}
              id="backup-code"
              label="Backup code"
              redirectTo={redirectTo}
              reply={reply}
            />
          </div>
        </details>
      </div>
    </AuthCard>
  );
}
