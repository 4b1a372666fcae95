import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, ConfirmQuestion } from "~/components/admin/ui";
import { SessionForm } from "~/components/families/session-form";
import { ProgramSessionSchema } from "~/lib/family-schemas";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import {
  closeProgramSession,
  findProgramSession,
  saveProgramSession,
  sessionFormValues,
} from "~/server/families/sessions.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { env } from "~/server/kernel/env.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/program-sessions-edit";

export const handle = { i18n: ["admin", "families"] };
export const meta = adminMeta;

/** GET /admin/program-sessions/:id/edit: the session's editor (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const session = await findProgramSession(env, args.params.id);
  if (!session) throw data(null, { status: 404 });
  return {
    title: adminTitle(args, "families:editor.editTitle"),
    id: session.id,
    name: session.titleEn,
    closed: session.status === "archived",
    values: sessionFormValues(session),
  };
}

/**
 * POST: the session saved (places a raise frees go at once to the families waiting), or closed,
 * which is asked first.
 */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const posted = readPostedForm(args.context);
  if (posted.get("intent") === "close") {
    if (posted.get("confirm") !== "yes") return { askClose: true };
    if (!(await closeProgramSession(env, staff, args.params.id))) throw data(null, { status: 404 });
    return redirect(`/admin/program-sessions/${args.params.id}?closed=1`, 303);
  }
  const parsed = parsePostedForm(args.context, ProgramSessionSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const saved = await saveProgramSession(env, staff, args.params.id, parsed.value);
  if (!saved) throw data(null, { status: 404 });
  if (saved.offerIds.length > 0) {
    // The next families' offers leave now, not at the next Cron run.
    getRequestContext(args.context).ctx.waitUntil(deliverOutbox(env, { ids: saved.offerIds }));
  }
  return redirect(`/admin/program-sessions/${saved.id}?saved=1`, 303);
}

export default function EditProgramSession({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const askClose = Boolean(actionData && "askClose" in actionData);
  return (
    <>
      <p>
        <Link to={`/admin/program-sessions/${loaderData.id}`} className="link">
          ← {loaderData.name}
        </Link>
      </p>
      <AdminPageHeader
        title={t("editor.editTitle")}
        lead={loaderData.closed ? t("editor.closedLead") : t("editor.lead")}
      />
      {askClose ? (
        <ConfirmQuestion id="confirm-close" question={t("editor.closeQuestion")}>
          <Form method="post">
            <input type="hidden" name="intent" value="close" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="btn-primary">
              {t("editor.closeConfirm")}
            </button>
          </Form>
          <Link to={`/admin/program-sessions/${loaderData.id}/edit`} className="btn-secondary">
            {t("editor.keepOpen")}
          </Link>
        </ConfirmQuestion>
      ) : null}
      <SessionForm
        id={`program-session-${loaderData.id}`}
        answer={actionData}
        defaultValue={loaderData.values}
        submitLabel={t("editor.save")}
      />
      {loaderData.closed ? null : (
        <Form method="post" className="mt-8">
          <input type="hidden" name="intent" value="close" />
          <button type="submit" className="btn-secondary">
            {t("editor.close")}
          </button>
        </Form>
      )}
    </>
  );
}
