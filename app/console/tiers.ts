// Performance tiers (SPEC section 4).
export type Tier = "Good" | "Fair" | "Poor";

export function loadTimeTier(ms: number): Tier {
  return ms <= 1000 ? "Good" : ms <= 3000 ? "Fair" : "Poor";
}

export function memoryTier(percent: number): Tier {
  return percent <= 50 ? "Good" : percent <= 80 ? "Fair" : "Poor";
}

export function connectionTier(
  effectiveType: string | undefined,
): "Fast" | "Medium" | "Slow" | "Unknown" {
  if (effectiveType === "4g") return "Fast";
  if (effectiveType === "3g") return "Medium";
  if (effectiveType === "2g" || effectiveType === "slow-2g") return "Slow";
  return "Unknown";
}
