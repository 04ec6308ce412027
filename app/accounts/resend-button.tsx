import { useEffect, useState } from "react";
import { Button } from "~/platform/ui/button";

// "Send a new code" for a code sent by text message (docs/accounts-and-security.md#phone), shared by
// the profile's phone and the two-factor sign-in step. The wait is the server's rule; the countdown
// only spares a refused click. Rendered on the server (and without JavaScript) the button is
// enabled: the server answers an early ask with how long to wait.

/** Whole seconds until `at`, counted down each second once the page runs; null on the server. */
function useSecondsUntil(at: string | undefined): number | null {
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!at) return;
    const target = Date.parse(at);
    const tick = () => setLeft(Math.max(0, Math.ceil((target - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return at ? left : null;
}

export function ResendCodeButton({ resendAt, busy }: { resendAt?: string; busy: boolean }) {
  const left = useSecondsUntil(resendAt);
  const waiting = left !== null && left > 0;
  return (
    <Button type="submit" variant="outline" size="sm" disabled={busy || waiting}>
      {busy ? "Sending..." : waiting ? `Send a new code in ${left} s` : "Send a new code"}
    </Button>
  );
}
