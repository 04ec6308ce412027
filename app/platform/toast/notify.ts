import type { ExternalToast } from "sonner";

// Toasts without the toast library in a page's first scripts: the toaster and its
// library load with the first toast asked for, which shows once the toaster listens. Every toast of
// the site goes through `toast` here; the root layout mounts the toaster when `toasterWanted` says.

type Sonner = typeof import("sonner");

let wanted = false;
const listeners = new Set<() => void>();
let listening: (sonner: Sonner) => void = () => {};
const toasterListens = new Promise<Sonner>((resolve) => {
  listening = resolve;
});

function show(call: (sonner: Sonner) => void) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void toasterListens.then(call);
}

/** sonner's `toast`, for the calls the site makes: plain, success and error. */
export const toast = Object.assign(
  (title: string, options?: ExternalToast) => show(({ toast }) => toast(title, options)),
  {
    success: (title: string, options?: ExternalToast) =>
      show(({ toast }) => toast.success(title, options)),
    error: (title: string, options?: ExternalToast) =>
      show(({ toast }) => toast.error(title, options)),
  },
);

/** Whether a toast has been asked for yet (for useSyncExternalStore in the root layout). */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  get: () => wanted,
  /** Never on the server: the page's HTML carries no toaster. */
  getServer: () => false,
  /** Called by the mounted toaster once it listens: the toasts asked for so far show. */
  listening: (sonner: Sonner) => listening(sonner),
};
