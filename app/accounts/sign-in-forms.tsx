import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  EmailField,
  Field,
  replyMessage,
  SchemaForm,
  usePending,
  useSchemaForm,
} from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { toast } from "~/platform/toast/notify";
import { Button } from "~/platform/ui/button";
import { KeyRound } from "~/platform/ui/icons";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import { isAuthIntent } from "./auth-intents";
import { authSchema } from "./auth-schema-loaders";
import type { AuthIntent } from "./auth-schemas";
import { NewPasswordFields } from "./new-password-fields";
import { type PasskeyAssertion, signInWithPasskey, watchPasskeyAutofill } from "./passkey-browser";

// The /auth page's Login and Register tabs (docs/product.md#auth). Both post to the page's action
// as documents, so they work without JavaScript; the reply names its form by the `intent` it echoes.

/** The Login and Register tabs; `reply` is the action's answer to whichever was sent. */
export function SignInTabs({
  reply,
  tab: initialTab,
  redirectTo,
}: {
  reply?: FormReply;
  tab: AuthIntent;
  redirectTo: string;
}) {
  const intent = reply?.initialValue?.intent;
  const sent = isAuthIntent(intent) ? intent : undefined;
  const [tab, setTab] = useState<AuthIntent>(sent ?? initialTab);
  useEffect(() => {
    if (sent) setTab(sent);
    const message = replyMessage(reply);
    if (sent && message) {
      const title = sent === "login" ? "Error signing in" : "Error signing up";
      toast.error(title, { description: message });
    }
  }, [reply, sent]);
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as AuthIntent)}>
      <TabsList className="w-full">
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login">
        <LoginForm reply={sent === "login" ? reply : undefined} redirectTo={redirectTo} />
      </TabsContent>
      <TabsContent value="register">
        <RegisterForm reply={sent === "register" ? reply : undefined} />
      </TabsContent>
    </Tabs>
  );
}

function LoginForm({ reply, redirectTo }: { reply?: FormReply; redirectTo: string }) {
  const busy = usePending("login");
  const [form, fields] = useSchemaForm(authSchema("LoginSchema"), {
    id: "login-form",
    lastResult: reply,
  });
  return (
    <SchemaForm form={form}>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {/* "webauthn": the browser may offer the user's passkeys in this field's autofill. */}
      <EmailField meta={fields.email} id="login-email" autoComplete="username webauthn" required />
      <Field
        meta={fields.password}
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign in"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/forgot-password" className="text-primary hover:underline">
          Forgot your password?
        </Link>
      </p>
      <PasskeySignIn redirectTo={redirectTo} />
    </SchemaForm>
  );
}

/**
 * "Sign in with a passkey", and the same offered in the email field's autofill where the browser
 * can. The authenticator's answer goes to the page's action, which signs in as a password does.
 */
function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<FormReply>();
  const [asking, setAsking] = useState(false);
  const { submit } = fetcher;
  const failedMessage = replyMessage(fetcher.data);
  useEffect(() => {
    if (failedMessage) toast.error("Error signing in", { description: failedMessage });
  }, [failedMessage]);
  // One autofill request per page view; it ends with whatever `finish` is current then.
  const finishRef = useRef(finish);
  finishRef.current = finish;
  useEffect(() => {
    let live = true;
    // Autofill runs unasked: only a passkey picked from it counts; its failures (no passkey for
    // this site, a page at an address WebAuthn refuses) stay silent. The button reports its own.
    watchPasskeyAutofill().then((answer) => {
      if (live && answer?.ok) finishRef.current(answer);
    });
    return () => {
      live = false;
    };
  }, []);
  function finish(answer: PasskeyAssertion) {
    if (answer.ok) {
      submit(
        { intent: "passkey", response: answer.response, redirectTo },
        { method: "post", action: "/auth" },
      );
    } else if (!("cancelled" in answer && answer.cancelled)) {
      toast.error("Error signing in", { description: answer.message });
    }
  }
  const busy = asking || fetcher.state !== "idle";
  return (
    <div className="border-t pt-4">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={busy}
        onClick={async () => {
          setAsking(true);
          finish(await signInWithPasskey());
          setAsking(false);
        }}
      >
        <KeyRound aria-hidden="true" />
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
    </div>
  );
}

function RegisterForm({ reply }: { reply?: FormReply }) {
  const busy = usePending("register");
  const [form, fields] = useSchemaForm(authSchema("RegisterSchema"), {
    id: "register-form",
    lastResult: reply,
  });
  return (
    <SchemaForm form={form}>
      <input type="hidden" name="intent" value="register" />
      <EmailField meta={fields.email} id="register-email" required />
      <NewPasswordFields
        password={fields.password}
        confirmPassword={fields.confirmPassword}
        ids={{ password: "register-password", confirm: "register-confirm" }}
        hint="8 to 128 characters. A long phrase is easy to remember and hard to guess."
        required
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Create account"}
      </Button>
    </SchemaForm>
  );
}
