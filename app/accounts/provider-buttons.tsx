import { FormErrors, replyMessage } from "~/platform/forms/schema-form";
import type { FormReply } from "~/platform/forms/submission.server";
import { Button } from "~/platform/ui/button";
import { LogIn } from "~/platform/ui/icons";
import type { SignInProvider } from "./providers";

// /auth's sign-in services: one plain form each, so they work without JavaScript;
// the page's action starts the provider's flow and the browser leaves for the provider. A start it
// refuses comes back as the page's reply, said above the buttons (beside the button pressed; a toast
// would cover it on a phone).

export function ProviderButtons({
  providers,
  redirectTo,
  reply,
}: {
  providers: SignInProvider[];
  redirectTo: string;
  /** The page action's answer; only one to a provider's form (intent "provider") is shown here. */
  reply?: FormReply;
}) {
  const refusal = reply?.initialValue?.intent === "provider" ? replyMessage(reply) : undefined;
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-3 border-t pt-6" data-testid="providers">
      <p className="text-center text-sm text-muted-foreground">Or continue with</p>
      <FormErrors errors={refusal ? [refusal] : undefined} />
      {providers.map((provider) => (
        <form key={provider.id} method="post" action="/auth">
          <input type="hidden" name="intent" value="provider" />
          <input type="hidden" name="provider" value={provider.id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Button type="submit" variant="outline" className="w-full">
            <LogIn aria-hidden="true" />
            Continue with {provider.name}
          </Button>
        </form>
      ))}
    </div>
  );
}
