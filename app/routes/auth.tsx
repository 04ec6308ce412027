import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import {
  AuthIntentSchema,
  type AuthIntent as Intent,
  LoginSchema,
  RegisterSchema,
  safeRedirect,
} from "~/accounts";
import {
  type AuthAnswer,
  authErrorMessage,
  forwardToAuth,
  requireAnonymous,
} from "~/accounts/index.server";
import { Field, FormError } from "~/platform/forms/field";
import { type FieldErrors, parseForm } from "~/platform/forms/form-errors";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { useValidatedForm } from "~/platform/forms/use-validated-form";
import { pageMeta, siteUrlFrom } from "~/platform/seo/meta";
import { STUDIO } from "~/platform/studio/studio";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/platform/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/platform/ui/tabs";
import type { Route } from "./+types/auth";

type ActionResult = { intent: Intent; formError?: string; errors?: FieldErrors; email?: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  return {
    tab: (url.searchParams.get("tab") === "register" ? "register" : "login") as Intent,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = context.runtime;
  const form = await readForm(request);
  const intent = requireIntent(AuthIntentSchema, form);
  const email = typeof form.get("email") === "string" ? String(form.get("email")) : "";

  if (intent === "login") {
    const parsed = parseForm(LoginSchema, form);
    if (!parsed.success) return data<ActionResult>({ intent, errors: parsed.errors, email }, 400);
    const answer = await forwardToAuth<{ twoFactorRedirect?: boolean }>(
      request,
      context,
      "/sign-in/email",
      {
        ...parsed.data,
        rememberMe: true,
      },
    );
    const redirectTo = safeRedirect(form.get("redirectTo"));
    if (answer.ok && answer.body.twoFactorRedirect) {
      throw redirect(`/auth/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, {
        headers: answer.cookies,
      });
    }
    if (answer.ok) {
      throw await redirectWithToast(
        redirectTo,
        { type: "success", title: "Signed in successfully", description: "Welcome back!" },
        env.AUTH_SECRET,
        { headers: answer.cookies },
      );
    }
    return refused(intent, answer, "Failed to login", email);
  }

  const parsed = parseForm(RegisterSchema, form);
  if (!parsed.success) return data<ActionResult>({ intent, errors: parsed.errors, email }, 400);
  const answer = await forwardToAuth(request, context, "/sign-up/email", {
    email: parsed.data.email,
    password: parsed.data.password,
    name: parsed.data.email.split("@")[0],
    callbackURL: "/",
  });
  if (!answer.ok) return refused(intent, answer, "Failed to register", email);
  const signedUp = { type: "success", title: "Signed up successfully" } as const;
  if (env.REQUIRE_EMAIL_VERIFICATION) {
    throw await redirectWithToast(
      "/auth",
      { ...signedUp, description: "Please check your email to confirm your account." },
      env.AUTH_SECRET,
    );
  }
  throw await redirectWithToast("/", { ...signedUp, description: "Welcome!" }, env.AUTH_SECRET, {
    headers: answer.cookies,
  });
}

function refused(intent: Intent, answer: AuthAnswer, fallback: string, email: string) {
  const status = answer.status >= 400 && answer.status < 500 ? answer.status : 400;
  return data<ActionResult>(
    { intent, formError: authErrorMessage(answer, fallback), email },
    status,
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Sign In",
    description: `Sign in to your ${STUDIO.name} account or create one.`,
    path: "/auth",
    siteUrl: siteUrlFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

function useBusy(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function LoginForm({ result, redirectTo }: { result?: ActionResult; redirectTo: string }) {
  const busy = useBusy("login");
  const form = useValidatedForm(LoginSchema, result?.errors);
  const shown = form.errors;
  return (
    <Form method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormError message={result?.formError} />
      <Field
        name="email"
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.email}
        error={shown.email}
      />
      <Field
        name="password"
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        error={shown.password}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Signing in..." : "Sign in"}
      </Button>
      <p className="text-center text-sm">
        <Link to="/auth/forgot-password" className="text-primary hover:underline">
          Forgot your password?
        </Link>
      </p>
    </Form>
  );
}

function RegisterForm({ result }: { result?: ActionResult }) {
  const busy = useBusy("register");
  const form = useValidatedForm(RegisterSchema, result?.errors);
  const shown = form.errors;
  return (
    <Form method="post" noValidate className="space-y-4" onSubmit={form.onSubmit}>
      <input type="hidden" name="intent" value="register" />
      <FormError message={result?.formError} />
      <Field
        name="email"
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.email}
        error={shown.email}
      />
      <Field
        name="password"
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="8 to 128 characters. A long phrase is easy to remember and hard to guess."
        error={shown.password}
      />
      <Field
        name="confirmPassword"
        id="register-confirm"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        error={shown.confirmPassword}
      />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Creating account..." : "Create account"}
      </Button>
    </Form>
  );
}

export default function AuthPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const [tab, setTab] = useState<Intent>(result?.intent ?? loaderData.tab);
  useEffect(() => {
    if (result?.intent) setTab(result.intent);
    if (result?.formError) {
      toast.error(result.intent === "login" ? "Error signing in" : "Error signing up", {
        description: result.formError,
      });
    }
  }, [result]);
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-14 sm:py-20">
      <Card>
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1 className="text-2xl">Welcome to {STUDIO.name}</h1>
          </CardTitle>
          <CardDescription>Sign in to your account, or create one.</CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setTab(value as Intent)}>
            <TabsList className="w-full">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm
                result={result?.intent === "login" ? result : undefined}
                redirectTo={loaderData.redirectTo}
              />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm result={result?.intent === "register" ? result : undefined} />
            </TabsContent>
          </Tabs>
          <noscript>
            <p className="mt-6 text-center text-sm">
              <a href="/auth?tab=login" className="text-primary underline">
                Login
              </a>{" "}
              ·{" "}
              <a href="/auth?tab=register" className="text-primary underline">
                Register
              </a>
            </p>
          </noscript>
        </CardContent>
      </Card>
    </div>
  );
}
