import pino from "pino";

export function createLogger(level: string) {
  return pino({ level, base: { service: "studio-site" } });
}
export type Logger = ReturnType<typeof createLogger>;
