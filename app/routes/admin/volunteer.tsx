import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { HoursByRole } from "~/components/volunteers/hours-by-role";
import { ListSection } from "~/components/volunteers/list-section";
import { RecordLink } from "~/components/volunteers/record-link";
import { shiftWhen } from "~/components/volunteers/shift-card";
import { SelectField, SubmitButton, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { useLocale } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { ClearanceSchema } from "~/lib/volunteers";
import { CLEARANCE_KINDS } from "~/lib/vocabulary";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { parsePostedForm } from "~/server/page-form.server";
import { volunteerRecord } from "~/server/volunteers/pages.server";
import { findVolunteer, recordClearance } from "~/server/volunteers/volunteers.server";
import type { Route } from "./+types/volunteer";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "volunteers"] };
export const meta = adminMeta;

/** GET /admin/volunteers/:id: one volunteer's clearances and hours (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  const staff = await requireStaff(args);
  const record = await volunteerRecord(env, args.params.id, staff, requestLocale(args.context));
  if (!record) throw data(null, { status: 404 });
  const accepted = new URL(args.request.url).searchParams.has("accepted");
  return { title: adminTitle(args, "volunteers:admin.volunteer"), accepted, ...record };
}

/** POST: record a clearance with its date and expiry, audited. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const parsed = parsePostedForm(args.context, ClearanceSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const volunteer = await findVolunteer(env, args.params.id);
  if (!volunteer) throw data(null, { status: 404 });
  await recordClearance(env, staff, volunteer.id, {
    ...parsed.value,
    expiresOn: parsed.value.expiresOn || null,
  });
  return { result: parsed.reply({ resetForm: true }), recorded: true };
}

export default function AdminVolunteer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("volunteers");
  const locale = useLocale();
  const { volunteer, person, shifts, clearances, hours, accepted } = loaderData;
  const { form, fields, pending } = usePageForm({
    id: "clearance",
    schema: ClearanceSchema,
    answer: actionData,
  });
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={volunteer.name}
        lead={volunteer.email}
        actions={
          <Link to="/admin/volunteers" className="btn-secondary">
            {t("admin.back")}
          </Link>
        }
      />
      {accepted ? <Flash>{t("admin.accepted")}</Flash> : null}
      {volunteer.age !== null && volunteer.age < 18 ? (
        <p>
          {t("admin.consent")}:{" "}
          {t(volunteer.guardianConsentAt ? "admin.consentGiven" : "admin.consentPending")}
        </p>
      ) : null}
      <ListSection id="person-title" title={t("admin.samePerson.title")}>
        <ul className="mt-3 list-disc ps-6">
          <li>{t(person.account ? "admin.samePerson.account" : "admin.samePerson.noAccount")}</li>
          {person.children > 0 ? <li>{t("admin.samePerson.guardian", { count: person.children })}</li> : null}
          {person.gifts ? (
            <li>
              <RecordLink to={`/admin/donors/${encodeURIComponent(volunteer.email)}`}>
                {t("admin.samePerson.donor", { count: person.gifts })}
              </RecordLink>
            </li>
          ) : null}
        </ul>
      </ListSection>
      <ListSection
        id="their-shifts-title"
        title={t("admin.theirShifts")}
        empty={shifts.length === 0 && t("admin.noTheirShifts")}
      >
        <ul className="mt-3 list-disc ps-6">
          {shifts.map((shift) => (
            <li key={shift.id}>
              <RecordLink to={`/admin/volunteers/shifts/${shift.id}`}>{shift.title}</RecordLink>
              {`: ${shiftWhen(shift, locale)} · ${t(`me.statuses.${shift.status}`)}`}
            </li>
          ))}
        </ul>
      </ListSection>
      <ListSection
        id="clearances-title"
        title={t("admin.clearancesHeld")}
        empty={clearances.length === 0 && t("admin.noClearances")}
      >
        <ul className="mt-3 list-disc ps-6">
          {clearances.map((clearance) => (
            <li key={clearance.kind}>
              {`${t(`clearanceNames.${clearance.kind}`)}: ${formatCalendarDate(clearance.clearedOn, locale)}`}
              {clearance.expiresOn
                ? ` (${t("admin.expires")} ${formatCalendarDate(clearance.expiresOn, locale)})`
                : ""}
            </li>
          ))}
        </ul>
      </ListSection>
      <section aria-labelledby="record-title">
        <h2 id="record-title" className="text-xl font-bold">
          {t("admin.recordClearance")}
        </h2>
        {actionData && "recorded" in actionData ? <Flash>{t("admin.recorded")}</Flash> : null}
        <PageForm
          form={form}
          className="mt-3 grid max-w-3xl gap-4 sm:grid-cols-3"
          labels={{
            kind: t("admin.clearance"),
            clearedOn: t("admin.clearedOn"),
            expiresOn: t("admin.expiresOn"),
          }}
        >
          <SelectField
            meta={fields.kind}
            label={t("admin.clearance")}
            required
            options={CLEARANCE_KINDS.map((kind) => ({ value: kind, label: t(`clearanceNames.${kind}`) }))}
          />
          <TextField meta={fields.clearedOn} label={t("admin.clearedOn")} type="date" required />
          <TextField meta={fields.expiresOn} label={t("admin.expiresOn")} type="date" />
          <div className="sm:col-span-3">
            <SubmitButton pending={pending} label={t("admin.record")} pendingLabel={t("admin.saving")} />
          </div>
        </PageForm>
      </section>
      <ListSection id="hours-title" title={t("admin.hours")}>
        <p className="mt-3">{t("admin.hoursTotal", { hours: hours.total })}</p>
        <HoursByRole lines={hours.lines} />
      </ListSection>
    </div>
  );
}
