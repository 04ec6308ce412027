import { type ClassValue, clsx } from "clsx";

/**
 * Joins class names. It does not resolve conflicts: a class given by a caller must not contradict
 * one the component sets itself (two paddings, two displays), since which of two such Tailwind
 * classes wins is the stylesheet's order, not the order here. Components offer variants and props
 * for what callers change; `tests/repo/class-conflicts.test.ts` checks the callers.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
