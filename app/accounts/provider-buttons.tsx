import { LogIn } from "lucide-react";
import { Button } from "~/platform/ui/button";
import type { SignInProvider } from "./providers";

// /auth's sign-in services (decision 051): one plain form each, so they work without JavaScript;
// the page's action starts the provider's flow and the browser leaves for the provider.

export function ProviderButtons({
  providers,
  redirectTo,
}: {
  providers: SignInProvider[];
  redirectTo: string;
}) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 space-y-3 border-t pt-6" data-testid="providers">
      <p className="text-center text-sm text-muted-foreground">Or continue with</p>
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
