// A press kit's fixed words, apart from its schema (./kit-schema.ts) so the public kit pages show
// them without loading zod.

export const MONETIZATION = ["", "not-allowed", "ask", "non-commercial", "allowed"] as const;
export type Monetization = (typeof MONETIZATION)[number];

/** The streaming and monetization policy in words. */
export const MONETIZATION_WORDS: Record<Monetization, string> = {
  "": "Not stated: please ask us.",
  "not-allowed": "Streaming and monetizing videos of this game is not allowed.",
  ask: "Please ask us before monetizing videos of this game.",
  "non-commercial": "You may stream and publish videos of this game, but not monetize them.",
  allowed: "You may stream, publish and monetize videos of this game.",
};
