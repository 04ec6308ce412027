import { eq } from "drizzle-orm";
import type { Database } from "~/db/database.server";
import { users } from "~/db/schema";
import { deleteAccountMessages } from "~/messages/index.server";
import { lockOwners, refuseLastOwner } from "~/roles/index.server";

// Deleting an account: called by the auth library's delete-user flow (auth.server.ts), so it does not
// import that module back.

export const LAST_OWNER_CANNOT_LEAVE =
  "You are the last owner. Make someone else an owner before deleting your account.";

/** An account as the features that keep data of its address see it (its newsletter subscription). */
export type DeletedAccount = { id: string; email: string; emailVerified: boolean };

/**
 * What other features erase with an account, inside the deleting transaction: passed in, since
 * they build on accounts and not the other way round.
 */
export type AccountErasure = (tx: Database, account: DeletedAccount) => Promise<unknown>;

/**
 * Deletes an account and what belongs to it, in one transaction under the lock role changes take,
 * so the last owner can never go: its contact messages, what `erase` removes (its newsletter
 * subscription) and the user row, whose sessions, credentials, profile, preferences, role and
 * activity cascade. Throws the last-owner conflict (an AppError).
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  erase: AccountErasure,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwners(tx);
    const [account] = await tx
      .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    if (!account) return;
    await refuseLastOwner(tx, userId, LAST_OWNER_CANNOT_LEAVE);
    await deleteAccountMessages(tx, account);
    await erase(tx, account);
    await tx.delete(users).where(eq(users.id, userId));
  });
}
