import { Form } from "react-router";
import { CONFIRM_PASSWORD_LABEL, type Identities } from "~/accounts";
import { LocalTime } from "~/platform/dates/local-time";
import { usePending } from "~/platform/forms/schema-form";
import { Button } from "~/platform/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/platform/ui/card";
import { Link2, Unlink } from "~/platform/ui/icons";
import { Input } from "~/platform/ui/input";
import { Label } from "~/platform/ui/label";
import { IntentHidden, type ProfileReply, replyFor, SectionTitle } from "./security-parts";

// The Security section's linked accounts: identities from the configured sign-in
// services, each unlinked here while another way in remains; services not linked yet are offered.
// Shown only when the site has a sign-in service or the account still has an identity of one.

export function LinkedAccountsCard({
  identities,
  confirmationNeeded,
  reply,
}: {
  identities: Identities;
  confirmationNeeded: boolean;
  reply?: ProfileReply;
}) {
  const unlinking = usePending("unlink-provider");
  const refused = replyFor(reply, "link-provider");
  const passwordError = refused?.error?.password?.[0];
  const { linked, linkable } = identities;
  if (linked.length === 0 && linkable.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <SectionTitle Icon={Link2}>Linked accounts</SectionTitle>
        <CardDescription>
          Sign in with an account you already have elsewhere. Unlinking keeps your account here.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {linked.length > 0 && (
          <ul className="divide-y" data-testid="linked-accounts">
            {linked.map((identity) => (
              <li
                key={identity.id}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div>
                  <p className="font-medium">{identity.providerName}</p>
                  <p className="text-xs text-muted-foreground">
                    Linked <LocalTime value={identity.linkedAt} format="detail" /> · last used{" "}
                    <LocalTime value={identity.lastUsed} format="detail" />
                  </p>
                </div>
                <Form method="post">
                  <IntentHidden intent="unlink-provider" />
                  <input type="hidden" name="identityId" value={identity.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={unlinking}>
                    <Unlink aria-hidden="true" />
                    Unlink {identity.providerName}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {linkable.length > 0 && (
          // A document post: the answer sends the browser on to the service.
          <form method="post" action="/profile" className="space-y-3">
            <IntentHidden intent="link-provider" />
            {(confirmationNeeded || refused) && (
              <div className="max-w-sm space-y-2">
                <Label htmlFor="link-provider-password">{CONFIRM_PASSWORD_LABEL}</Label>
                <Input
                  id="link-provider-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={passwordError ? true : undefined}
                  aria-describedby={passwordError ? "link-provider-password-error" : undefined}
                />
                {passwordError && (
                  <p id="link-provider-password-error" className="text-sm text-destructive">
                    {passwordError}
                  </p>
                )}
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              {linkable.map((provider) => (
                <Button
                  key={provider.id}
                  type="submit"
                  name="provider"
                  value={provider.id}
                  variant="outline"
                  size="sm"
                >
                  <Link2 aria-hidden="true" />
                  Link {provider.name}
                </Button>
              ))}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
