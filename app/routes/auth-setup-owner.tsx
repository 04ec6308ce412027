import { useState } from "react";
import { data, Form, useActionData, useNavigation } from "react-router";
import {
  AccountError,
  createOwnerWithInvite,
  isOwnerInviteValid,
} from "~/accounts/accounts.server";
import { OwnerSetupSchema } from "~/accounts/auth-schemas";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FormError } from "~/forms/field";
import { type FieldErrors, parseForm } from "~/forms/form-errors";
import { redirectWithToast } from "~/toast/toast.server";
import type { Route } from "./+types/auth-setup-owner";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const valid = await isOwnerInviteValid(context.runtime.db, token);
  return data({ token: valid ? token : null }, valid ? 200 : 404);
}

type ActionResult = { errors?: FieldErrors; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { runtime } = context;
  const form = await request.formData();
  const parsed = parseForm(OwnerSetupSchema, form);
  if (!parsed.success) return data<ActionResult>({ errors: parsed.errors }, 400);
  try {
    await createOwnerWithInvite(runtime.auth, runtime.db, {
      token: String(form.get("token") ?? ""),
      email: parsed.data.email,
      password: parsed.data.password,
    });
  } catch (error) {
    if (error instanceof AccountError) return data<ActionResult>({ formError: error.message }, 400);
    throw error;
  }
  return redirectWithToast(
    "/auth",
    {
      type: "success",
      title: "Owner account created",
      description: "Sign in to manage the studio.",
    },
    runtime.env.AUTH_SECRET,
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Create the owner account" },
  { name: "robots", content: "noindex" },
];

export default function SetupOwner({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const busy = useNavigation().state === "submitting";
  const [errors, setErrors] = useState<FieldErrors | undefined>();
  const shown = errors ?? result?.errors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-14 sm:py-20">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1 className="text-2xl">Create the owner account</h1>
          </CardTitle>
          <CardDescription>The owner manages every role. This link works once.</CardDescription>
        </CardHeader>
        <CardContent>
          {!loaderData.token ? (
            <p role="alert" className="text-sm text-destructive">
              This set-up link is no longer valid. An owner may already exist; otherwise restart the
              server for a new link.
            </p>
          ) : (
            <Form
              method="post"
              noValidate
              className="space-y-4"
              onSubmit={(event) => {
                const parsed = parseForm(OwnerSetupSchema, new FormData(event.currentTarget));
                setErrors(parsed.success ? {} : parsed.errors);
                if (!parsed.success) event.preventDefault();
              }}
            >
              <input type="hidden" name="token" value={loaderData.token} />
              <FormError message={result?.formError} />
              <Field
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                error={shown.email}
              />
              <Field
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                error={shown.password}
              />
              <Field
                name="confirmPassword"
                label="Confirm Password"
                type="password"
                autoComplete="new-password"
                error={shown.confirmPassword}
              />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Creating account..." : "Create owner account"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
