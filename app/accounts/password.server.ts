import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum: 19 MiB of memory, 2 iterations, 1 lane.
const OPTIONS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  algorithm: 2 /* argon2id */,
} as const;

export const PASSWORD_LIMITS = { min: 8, max: 128 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword({
  hash: stored,
  password,
}: {
  hash: string;
  password: string;
}) {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
