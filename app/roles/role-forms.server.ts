import { data } from "react-router";
import { AppError, isAppError } from "~/platform/errors/app-error";
import { requireIntent } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmission, submissionOf } from "~/platform/forms/submission.server";
import { pageRequestFrom } from "~/platform/paging/cursor";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { redirectWithToast } from "~/platform/toast/toast.server";
import { can, isRole, type Role } from "./permissions";
import { AssignRoleSchema, type RoleIntent, RoleIntentSchema, SetRoleSchema } from "./role-schema";
import { findUserIdByEmail, listUsersPage, setUserRole } from "./roles.server";

// The /role-management screen's reads and writes (docs/product.md#role-management).

/** Who changes a role: the signed-in user, whose own role is judged again here. */
export type RoleActor = { id: string; email: string; role: Role };

/**
 * One page of the users with their roles, filtered by `?q=` (email or name) and `?role=`, paged by
 * `?before=`/`?after=` (an unknown cursor or role is ignored). A failed read is a 503 with the
 * spec's sentence. `extra` travels with the page's data either way (what another feature adds to
 * the screen, read by the route).
 */
export async function loadRoleManagement<Extra extends object = object>(
  request: Request,
  context: AppContext,
  meId: string,
  extra = {} as Extra,
) {
  const runtime = context.get(runtimeContext);
  const params = new URL(request.url).searchParams;
  const search = params.get("q")?.trim() ?? "";
  const wanted = params.get("role");
  const role = isRole(wanted) ? wanted : null;
  const page = pageRequestFrom(params, "text") ?? { direction: "first" };
  const filter = { search, role };
  try {
    const users = await listUsersPage(runtime.db, { page, search, role: role ?? undefined });
    return { ...extra, ...users, filter, meId, loadError: null };
  } catch (error) {
    runtime.logger.error({ err: error }, "role list failed");
    const failed = { ...extra, items: [], newer: null, older: null, filter, meId };
    return data({ ...failed, loadError: "Failed to fetch users and roles" }, 503);
  }
}

const FAILED: Record<RoleIntent, string> = {
  assign: "Failed to assign role",
  set: "Failed to update role",
};

/**
 * The two role forms, told apart by their `intent`: assign by email, or set a listed user's role.
 * Only `canManageRoles` may change a role (403, whatever the route checked first); an unknown
 * address is a 404, the last owner a 409 (`lastOwnerError`); success redirects with a toast.
 */
export async function answerRoleForm(request: Request, context: AppContext, actor: RoleActor) {
  const runtime = context.get(runtimeContext);
  const form = await readForm(request);
  const intent = requireIntent(RoleIntentSchema, form);
  const before = async () => {
    if (!can(actor.role, "canManageRoles")) {
      throw new AppError("forbidden", "Only owners can access role management");
    }
  };
  const change = async (userId: string | null, role: Role) => {
    if (!userId) throw new AppError("not_found", "User not found with that email");
    try {
      await setUserRole(runtime.db, {
        userId,
        role,
        assignedBy: { id: actor.id, email: actor.email },
      });
    } catch (error) {
      if (isAppError(error)) throw error;
      // A user id that does not exist fails its foreign key: nothing was changed.
      runtime.logger.warn({ err: error }, "role change failed");
      throw new AppError("invalid", FAILED[intent]);
    }
    throw await redirectWithToast(
      "/role-management",
      { type: "success", title: "Role updated successfully" },
      runtime.env.AUTH_SECRET,
    );
  };
  if (intent === "assign") {
    return handleSubmission(
      submissionOf(form, AssignRoleSchema),
      async (input) => change(await findUserIdByEmail(runtime.db, input.email), input.role),
      { before },
    );
  }
  return handleSubmission(
    submissionOf(form, SetRoleSchema),
    (input) => change(input.userId, input.role),
    { before },
  );
}
