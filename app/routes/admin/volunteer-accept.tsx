import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/ui";
import { RecordLink } from "~/components/volunteers/record-link";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { AcceptVolunteerSchema } from "~/lib/volunteers";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { parsePostedForm } from "~/server/page-form.server";
import { acceptVolunteer, applicationToAccept } from "~/server/volunteers/volunteers.server";
import type { Route } from "./+types/volunteer-accept";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "volunteers"] };
export const meta = adminMeta;

/** GET /admin/volunteers/accept/:submissionId: accept an application as a volunteer (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const application = await applicationToAccept(env, args.params.submissionId);
  if (!application) throw data(null, { status: 404 });
  return { title: adminTitle(args, "volunteers:admin.accept"), ...application };
}

/** POST: the volunteer record and the welcome mail (and the guardian's link under 18), audited. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const parsed = parsePostedForm(args.context, AcceptVolunteerSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const outcome = await acceptVolunteer(env, staff, args.params.submissionId, {
    guardianEmail: parsed.value.guardianEmail ?? null,
  });
  if (outcome.ok) return redirect(`/admin/volunteers/${outcome.volunteer.id}?accepted=1`, 303);
  if (outcome.error === "guardian-email") {
    return data(
      {
        result: parsed.reply({ fieldErrors: { guardianEmail: ["volunteers:admin.errors.guardian-email"] } }),
      },
      { status: 400 },
    );
  }
  return data(
    { result: parsed.reply({ formErrors: [`volunteers:admin.errors.${outcome.error}`] }) },
    { status: 400 },
  );
}

export default function AdminVolunteerAccept({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("volunteers");
  const { submission, minor, volunteerId } = loaderData;
  const { form, fields, pending } = usePageForm({
    id: "accept",
    schema: AcceptVolunteerSchema,
    answer: actionData,
  });
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={t("admin.accept")}
        lead={`${submission.name} · ${submission.email}`}
        actions={
          <Link to={`/admin/submissions/${submission.id}`} className="btn-secondary">
            {t("admin.backToApplication")}
          </Link>
        }
      />
      {volunteerId ? (
        <p>
          {t("admin.isVolunteer")}{" "}
          <RecordLink to={`/admin/volunteers/${volunteerId}`}>{t("admin.openVolunteer")}</RecordLink>
        </p>
      ) : null}
      <p>{t(volunteerId ? "admin.acceptAgainLead" : "admin.acceptLead")}</p>
      <PageForm
        form={form}
        hidden={{ intent: "accept-volunteer" }}
        className="max-w-xl space-y-4"
        labels={{ guardianEmail: t("admin.guardianEmail") }}
      >
        {minor ? (
          <TextField
            meta={fields.guardianEmail}
            label={t("admin.guardianEmail")}
            hint={t("admin.guardianHint")}
            type="email"
            autoComplete="off"
            required
          />
        ) : null}
        <SubmitButton pending={pending} label={t("admin.accept")} pendingLabel={t("admin.saving")} />
      </PageForm>
    </div>
  );
}
