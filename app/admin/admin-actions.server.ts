import { SmsCountriesSchema } from "~/accounts";
import { saveSmsCountries } from "~/accounts/index.server";
import { BackupNowSchema, BackupScheduleSchema } from "~/backup";
import { saveBackupSchedule, startBackupNow } from "~/backup/index.server";
import type { Database } from "~/db/database.server";
import { GameSchema, ReorderSchema } from "~/games";
import {
  addGame,
  deleteGame,
  gameLoads,
  getGameBySlug,
  reorderGames,
  updateGame,
} from "~/games/index.server";
import { markMessageRead } from "~/messages/index.server";
import { NewsFormSchema } from "~/news";
import { addNews, deleteNews, updateNews } from "~/news/index.server";
import { deleteSubscriber, sendTestMail } from "~/newsletter/index.server";
import { PageSchema, PageTemplateSchema } from "~/pages";
import { addPage, deletePage, draftPrivacyPolicy, updatePage } from "~/pages/index.server";
import { formErrorReply } from "~/platform/errors/adapters.server";
import { AppError, isAppError } from "~/platform/errors/app-error";
import { SERVER_FAILURE } from "~/platform/forms/fetcher-reply";
import { parseIntent, UNKNOWN_INTENT } from "~/platform/forms/intent";
import { readForm } from "~/platform/forms/read-form.server";
import { handleSubmissionWith } from "~/platform/forms/reply-with.server";
import { handleSubmission, replyTo, submissionOf } from "~/platform/forms/submission.server";
import { z } from "~/platform/forms/zod";
import type { Jobs } from "~/platform/jobs/jobs.server";
import type { Mailer } from "~/platform/mail/mailer.server";
import { type AppContext, runtimeContext } from "~/platform/server/context.server";
import { failIfInjected } from "~/platform/server/faults.server";
import type { Storage } from "~/platform/storage/storage.server";
import {
  KitFormSchema,
  KitLinksSchema,
  kitEmbargo,
  type PresskitImported,
  PresskitImportSchema,
} from "~/press";
import { importPresskitUpload, revokeKitLinks, savePressKit } from "~/press/index.server";
import { can, type Role } from "~/roles";
import { FEATURED_GAME_GONE, NavigationFormSchema, SettingsFormSchema } from "~/settings";
import {
  readSettings,
  saveNavigation,
  saveSettings,
  studioTimeZone,
} from "~/settings/index.server";
import { requireStaff } from "./admin-guard.server";
import { ADMIN_INTENTS, type AdminIntent, AdminIntentSchema } from "./admin-intents";
import { type AdminTab, tabPermission } from "./admin-tabs";

// The admin dashboard's writes (docs/product.md#admin-dashboard): each intent, the schema its form
// is parsed with and what it calls. Each tab's route answers its own intents (./admin-intents.ts)
// and needs its tab's permission; every answer is the submission's reply, a refusal (AppError)
// with its status.

export { ADMIN_INTENTS, type AdminIntent } from "./admin-intents";

type Actor = { id: string; email: string; role: Role };
/**
 * What a write may need of the studio: the zone scheduled times are typed in (its settings'), and
 * the storage its site icons are kept in.
 */
type Studio = {
  timeZone: string;
  storage: Storage;
  jobs: Jobs;
  mailer: Mailer;
  keys: { secret: string; siteUrl: string };
};
type Perform = (
  run: (db: Database, actor: Actor, studio: Studio) => Promise<unknown>,
) => Promise<void>;

/**
 * One write: its form's schema and what it calls with the parsed values. A saved form empties
 * (an add form, ready for the next item), unless it `keepsValues` (the settings, which show what
 * was saved).
 */
function adminWrite<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  write: (db: Database, input: z.output<S>, actor: Actor, studio: Studio) => Promise<unknown>,
  options: { keepsValues?: boolean } = {},
) {
  return (form: FormData, perform: Perform) => {
    const submission = submissionOf(form, schema);
    return handleSubmission(submission, async (input) => {
      await perform((db, actor, studio) => write(db, input, actor, studio));
      return options.keepsValues ? { resetForm: false } : undefined;
    });
  };
}

/** A write whose reply carries what it made (`result`), for the screen's toast. */
function adminWriteWith<S extends z.ZodType<Record<string, unknown>>, T>(
  schema: S,
  write: (db: Database, input: z.output<S>, actor: Actor, studio: Studio) => Promise<T>,
) {
  return (form: FormData, perform: Perform) => {
    const submission = submissionOf(form, schema);
    return handleSubmissionWith(submission, async (input) => {
      let made: T | undefined;
      await perform(async (db, actor, studio) => {
        made = await write(db, input, actor, studio);
      });
      return made;
    });
  };
}

const Id = z.object({ id: z.string({ error: "The item to change is missing." }) });

const ADMIN_WRITES = {
  "mark-read": adminWrite(Id, (db, { id }, actor) => markMessageRead(db, id, actor)),
  "news-create": adminWrite(NewsFormSchema, (db, input, actor, studio) =>
    addNews(db, input, actor, studio),
  ),
  "news-update": adminWrite(
    NewsFormSchema.safeExtend(Id.shape),
    (db, { id, ...input }, actor, studio) => updateNews(db, id, input, actor, studio),
  ),
  // The post's mail as it is saved, to the staff member only ("[Test]" in its subject).
  "news-mail-test": adminWrite(
    Id,
    (db, { id }, actor, { mailer, keys }) => sendTestMail({ db, mailer, keys }, id, actor.email),
    { keepsValues: true },
  ),
  "news-delete": adminWrite(Id, (db, { id }, actor, studio) => deleteNews(db, id, actor, studio)),
  "game-create": adminWrite(GameSchema, addGame),
  "game-update": adminWrite(
    GameSchema.safeExtend(Id.shape),
    (db, { id, ...input }, actor, studio) => updateGame(db, id, input, actor, studio),
  ),
  "game-delete": adminWrite(Id, (db, { id }, actor) => deleteGame(db, id, actor)),
  "games-reorder": adminWrite(ReorderSchema, (db, { ids }, actor) => reorderGames(db, ids, actor)),
  "page-create": adminWrite(PageSchema, (db, input, actor) => addPage(db, input, actor)),
  "page-update": adminWrite(PageSchema.safeExtend(Id.shape), (db, { id, ...input }, actor) =>
    updatePage(db, id, input, actor),
  ),
  "page-delete": adminWrite(Id, (db, { id }, actor) => deletePage(db, id, actor)),
  // The draft says what the site does now: its studio, and what the catalogue loads and collects.
  "page-template": adminWrite(PageTemplateSchema, async (db, _, actor, { keys }) => {
    const [settings, loads] = await Promise.all([readSettings(db), gameLoads(db, keys.siteUrl)]);
    return draftPrivacyPolicy(db, actor, {
      studio: settings.name,
      keyRequests: loads.games > 0,
      trailers: loads.trailers,
      imageHosts: loads.imageHosts,
    });
  }),
  "settings-save": adminWrite(
    SettingsFormSchema,
    async (db, input, actor, { storage }) => {
      // The featured game must be one of the catalogue's (checked here: games reads the settings).
      if (input.featuredGame && !(await getGameBySlug(db, input.featuredGame)))
        throw new AppError("conflict", FEATURED_GAME_GONE, { field: "featuredGame" });
      return saveSettings({ db, storage }, input, actor);
    },
    { keepsValues: true },
  ),
  // The header's and the footer's links, in order (docs/product.md#navigation).
  "navigation-save": adminWrite(
    NavigationFormSchema,
    (db, { entries }, actor) => saveNavigation(db, entries, actor),
    { keepsValues: true },
  ),
  "subscriber-delete": adminWrite(Id, (db, { id }, actor) => deleteSubscriber(db, id, actor)),
  "press-save": adminWrite(
    KitFormSchema,
    (db, input, actor, studio) =>
      savePressKit(
        { db, storage: studio.storage },
        { ...input, embargoUntil: kitEmbargo(input.embargoUntil, studio.timeZone) },
        actor,
        // Announcing the game with the embargo changes the game: the game permission's to do.
        { mayAnnounce: can(actor.role, "canManageGames") },
      ),
    { keepsValues: true },
  ),
  // Every signed link given for the kit so far stops opening it; the tab shows a new one.
  "press-revoke-links": adminWrite(KitLinksSchema, (db, { gameId }, actor) =>
    revokeKitLinks(db, gameId, actor),
  ),
  // The countries sign-in codes may be texted to; none stops new phones (owner only).
  "sms-countries-save": adminWrite(
    SmsCountriesSchema,
    (db, { countries }, actor) => saveSmsCountries(db, actor, countries),
    { keepsValues: true },
  ),
  // The owner's backup schedule, and a backup queued at once (docs/deployment.md#scheduled-backups).
  "backup-schedule-save": adminWrite(
    BackupScheduleSchema,
    (db, input, actor) => saveBackupSchedule(db, actor, input),
    { keepsValues: true },
  ),
  "backup-now": adminWrite(BackupNowSchema, (db, _, actor, { jobs }) =>
    startBackupNow({ db, jobs }, actor),
  ),
  "presskit-import": adminWriteWith(
    PresskitImportSchema,
    (db, input, actor, studio): Promise<PresskitImported> =>
      importPresskitUpload({ db, storage: studio.storage }, input, actor, {
        // An import that creates or changes a game needs the game permission as well.
        gameFields: can(actor.role, "canManageGames"),
      }),
  ),
} satisfies Record<AdminIntent, unknown>;

/** A refusal before any form is parsed (an unknown intent, a role without the permission). */
function refuse(form: FormData, error: AppError) {
  return formErrorReply((options) => replyTo(submissionOf(form, z.object({})), options), error);
}

/**
 * A tab's action: staff only (others are sent to /auth), a role with the tab's permission (else
 * 403), and one of the tab's own intents (else 400), then the write.
 */
export async function runAdminAction(request: Request, context: AppContext, tab: AdminTab) {
  const user = await requireStaff(request, context);
  const form = await readForm(request);
  if (!can(user.role, tabPermission(tab))) {
    return refuse(form, new AppError("forbidden", "Your role does not allow this."));
  }
  const intent = parseIntent(AdminIntentSchema, form);
  if (intent === null || ADMIN_INTENTS[intent] !== tab) {
    return refuse(form, new AppError("invalid", UNKNOWN_INTENT));
  }
  const { db, logger, storage, env, jobs, mailer } = context.get(runtimeContext);
  const keys = { secret: env.AUTH_SECRET, siteUrl: env.SITE_URL };
  const actor = { id: user.id, email: user.email, role: user.role };
  return ADMIN_WRITES[intent](form, async (run) => {
    try {
      // Failure-path tests make the server fail here, once for every intent: after the checks and
      // the parse, before the write.
      failIfInjected(request, context, intent);
      const timeZone = await studioTimeZone(db, env.STUDIO_TIME_ZONE);
      await run(db, actor, { timeZone, storage, jobs, mailer, keys });
    } catch (error) {
      if (isAppError(error)) throw error;
      logger.error({ err: error, intent }, "admin action failed");
      throw new AppError("internal", SERVER_FAILURE);
    }
  });
}
