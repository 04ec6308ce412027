import { useFetcher, useRouteLoaderData } from "react-router";
import { cn } from "~/platform/ui/cn";
import { Monitor, Moon, Sun } from "~/platform/ui/icons";
import { type Theme, useTheme } from "./theme";

const options: { value: Theme; label: string; Icon: typeof Sun }[] = [
  { value: "light", label: "Light", Icon: Sun },
  { value: "dark", label: "Dark", Icon: Moon },
  { value: "system", label: "System", Icon: Monitor },
];

export function ThemeSwitcher({ className }: { className?: string }) {
  const [theme, setTheme] = useTheme();
  const root = useRouteLoaderData("root") as { user?: unknown } | undefined;
  const save = useFetcher({ key: "save-theme" });
  // A signed-in account keeps its theme on every device.
  const choose = (value: Theme) => {
    setTheme(value);
    if (root?.user)
      save.submit({ intent: "save-theme", theme: value }, { method: "post", action: "/profile" });
  };
  return (
    <fieldset className={cn("theme-switcher", className)}>
      <legend className="sr-only">Theme</legend>
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={theme === value}
          onClick={() => choose(value)}
          // The pressed look comes from <html data-theme>, which the head script sets before
          // paint, so the right button is highlighted even before React hydrates
          // (short-classes.css).
          className={`theme-option option-${value}`}
        >
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
