import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { SessionForm } from "~/components/families/session-form";
import { DEFAULT_OFFER_HOURS, programYear } from "~/lib/families";
import { ProgramSessionSchema } from "~/lib/family-schemas";
import { newYorkDate } from "~/lib/format";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { saveProgramSession } from "~/server/families/sessions.server";
import { env } from "~/server/kernel/env.server";
import { parsePostedForm } from "~/server/page-form.server";
import type { Route } from "./+types/program-sessions-new";

export const handle = { i18n: ["admin", "families"] };
export const meta = adminMeta;

/** GET /admin/program-sessions/new: an empty session, this program year's, 48 hours for offers (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  return {
    title: adminTitle(args, "families:editor.newTitle"),
    values: { term: programYear(newYorkDate()), offerHours: String(DEFAULT_OFFER_HOURS) },
  };
}

/** POST: the session saved, then its roster (Post/Redirect/Get). */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const parsed = parsePostedForm(args.context, ProgramSessionSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const saved = await saveProgramSession(env, staff, null, parsed.value);
  return redirect(`/admin/program-sessions/${saved!.id}?saved=1`, 303);
}

export default function NewProgramSession({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  return (
    <>
      <p>
        <Link to="/admin/program-sessions" className="link">
          ← {t("sessions.title")}
        </Link>
      </p>
      <AdminPageHeader title={t("editor.newTitle")} lead={t("editor.lead")} />
      <SessionForm
        id="program-session"
        answer={actionData}
        defaultValue={loaderData.values}
        submitLabel={t("editor.create")}
      />
    </>
  );
}
