import type * as React from "react";
import { useEffect } from "react";
import * as sonner from "sonner";
import type { Theme } from "~/platform/theme/theme";
import { toasterWanted } from "./notify";

/**
 * The toaster, loaded with the first toast (notify.ts). Its own effect subscribes to
 * the toasts before this one's runs, so the toasts waiting for it show.
 */
export default function Toaster({ theme }: { theme: Theme }): React.JSX.Element | null {
  useEffect(() => {
    toasterWanted.listening(sonner);
  }, []);
  // One toast at a time (docs/product.md#toasts).
  return (
    <sonner.Toaster
      theme={theme}
      visibleToasts={1}
      richColors
      closeButton
      position="bottom-right"
    />
  );
}
