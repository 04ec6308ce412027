// The health feature's browser-safe face.

/** The health endpoints: answered for balancers and orchestrators, never logged per call. */
export const HEALTH_PATHS = ["/healthz", "/livez", "/readyz"] as const;

export type HealthPath = (typeof HEALTH_PATHS)[number];
