import { Link } from "react-router";
import { CheckCircle2, Circle } from "~/platform/ui/icons";
import { useSite } from "./site-context";

/** The owner's first-run checklist, on Home while the studio is still being set up. */
export function SetupChecklist() {
  const { setup } = useSite();
  if (!setup) return null;
  return (
    <section
      aria-labelledby="setup-heading"
      className="page-width mt-8"
      data-testid="setup-checklist"
    >
      <div className="rounded-xl border bg-card p-6 shadow-sm">
        <h2 id="setup-heading" className="text-lg font-semibold">
          Set up your studio's site
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">Only you, the owner, see this list.</p>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {setup.map((step) => (
            <li key={step.label} className="flex items-center gap-2 text-sm">
              {step.done ? (
                <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
              ) : (
                <Circle aria-hidden="true" className="size-4 text-muted-foreground" />
              )}
              <Link
                to={step.to}
                className={step.done ? "line-through opacity-70" : "hover:underline"}
              >
                {step.label}
              </Link>
              <span className="sr-only">{step.done ? "(done)" : "(to do)"}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
