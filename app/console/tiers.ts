// Performance tiers (docs/product.md#performance-tiers).
export type Tier = "Good" | "Fair" | "Poor";

export function loadTimeTier(ms: number): Tier {
  return ms <= 1000 ? "Good" : ms <= 3000 ? "Fair" : "Poor";
}

export function memoryTier(percent: number): Tier {
  return percent <= 50 ? "Good" : percent <= 80 ? "Fair" : "Poor";
}

/**
 * The JavaScript heap in use against the most it may grow to (Chromium's `performance.memory`).
 * A page uses a few MB of a limit of several GB: rounded to a whole percent that is always 0 %, so
 * below 10 % one decimal is kept (a heap in use is never shown as 0 %).
 */
export function heapShare(used: number, limit: number) {
  const exact = limit > 0 ? (used / limit) * 100 : 0;
  const percent =
    exact >= 10 ? Math.round(exact) : exact > 0 ? Math.max(0.1, Math.round(exact * 10) / 10) : 0;
  return { percent, usedMb: Math.round(used / 2 ** 20), limitMb: Math.round(limit / 2 ** 20) };
}

export function connectionTier(
  effectiveType: string | undefined,
): "Fast" | "Medium" | "Slow" | "Unknown" {
  if (effectiveType === "4g") return "Fast";
  if (effectiveType === "3g") return "Medium";
  if (effectiveType === "2g" || effectiveType === "slow-2g") return "Slow";
  return "Unknown";
}
