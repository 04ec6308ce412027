import { useEffect } from "react";
import { toast as showToast } from "./notify";
import type { Toast } from "./toast";

/** Shows the toast a redirect carried, once. */
export function useRedirectToast(toast: Toast | null | undefined) {
  useEffect(() => {
    if (!toast) return;
    const options = toast.description ? { description: toast.description } : undefined;
    if (toast.type === "success") showToast.success(toast.title, options);
    else if (toast.type === "error") showToast.error(toast.title, options);
    else showToast(toast.title, options);
  }, [toast]);
}
