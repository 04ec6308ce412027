import { useCallback, useEffect, useSyncExternalStore } from "react";

// Theme: light, dark or system (the default), kept in localStorage under 'ui-theme'
// (docs/product.md#theme).

export const THEME_KEY = "ui-theme";
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export function parseTheme(value: unknown): Theme {
  return value === "light" || value === "dark" ? value : "system";
}

/**
 * Runs inline in <head>, before the body is painted, so a stored dark theme never flashes light.
 * It sets the `dark` class, the chosen theme as data-theme (the switcher styles itself from it before
 * React hydrates) and color-scheme for form controls and scrollbars. A signed-in account's saved
 * theme (data-account-theme, rendered by the server) wins over this browser's, on every device.
 */
export const themeScript = `(function(){try{var r=document.documentElement;var a=r.dataset.accountTheme;var t=a||localStorage.getItem(${JSON.stringify(THEME_KEY)});if(a)localStorage.setItem(${JSON.stringify(THEME_KEY)},a);if(t!=="light"&&t!=="dark")t="system";var d=t==="dark"||(t==="system"&&window.matchMedia("(prefers-color-scheme: dark)").matches);r.classList.toggle("dark",d);r.dataset.theme=t;r.style.colorScheme=d?"dark":"light"}catch(e){}})()`;

function systemPrefersDark(): boolean {
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

export function applyTheme(theme: Theme): void {
  const dark = theme === "dark" || (theme === "system" && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle("dark", dark);
  root.dataset.theme = theme;
  root.style.colorScheme = dark ? "dark" : "light";
}

const listeners = new Set<() => void>();

function readStoredTheme(): Theme {
  try {
    return parseTheme(window.localStorage.getItem(THEME_KEY));
  } catch {
    return "system";
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY) {
      applyTheme(readStoredTheme());
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage can be unavailable (private mode); the theme still applies to this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** The stored theme; 'system' during server rendering. Follows the OS while the theme is 'system'. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, readStoredTheme, () => "system" as const);
  useEffect(() => {
    if (theme !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, [theme]);
  return [theme, useCallback((next: Theme) => setTheme(next), [])];
}

/**
 * A signed-in account's saved theme, applied when it changes without a page load: after signing in
 * on a new device, or after saving it in Settings. (On a page load the head script applies it.)
 */
export function useAccountTheme(accountTheme: Theme | undefined): void {
  useEffect(() => {
    if (accountTheme) setTheme(accountTheme);
  }, [accountTheme]);
}
