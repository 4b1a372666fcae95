import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { KeysetPagination, Pagination, RecordTable, type Column } from "~/components/admin/data-table";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash, inputClass } from "~/components/admin/ui";
import { CheckboxField, SubmitButton, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { ListSection } from "~/components/volunteers/list-section";
import { RecordLink } from "~/components/volunteers/record-link";
import { shiftWhen } from "~/components/volunteers/shift-card";
import { useLocale } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { CLEARANCE_FIELDS, ShiftSchema } from "~/lib/volunteers";
import { CLEARANCE_KINDS } from "~/lib/vocabulary";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { parsePostedForm } from "~/server/page-form.server";
import { volunteersAdminPage } from "~/server/volunteers/admin.server";
import { createShifts } from "~/server/volunteers/shifts.server";
import type { Route } from "./+types/volunteers";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "volunteers"] };
export const meta = adminMeta;

/**
 * GET /admin/volunteers: shifts, volunteers a page at a time (`?older=`), clearances running out,
 * hours (`?from=&to=`, a page of volunteers with `?hoursPage=`) (decisions 055, 073).
 */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const page = await volunteersAdminPage(env, new URL(args.request.url), requestLocale(args.context));
  return { title: adminTitle(args, "volunteers:admin.title"), ...page };
}

/** POST: add a shift or a weekly series, audited. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  const parsed = parsePostedForm(args.context, ShiftSchema);
  if (parsed.kind === "answered") return parsed.answer;
  const { lastDate, ...plan } = parsed.value;
  const created = await createShifts(env, staff, { ...plan, lastDate: lastDate || null });
  return { result: parsed.reply({ resetForm: true }), added: created.count };
}

type Loaded = Route.ComponentProps["loaderData"];

export default function AdminVolunteers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("volunteers");
  const locale = useLocale();
  const { shifts, volunteers, expiring, hours, period, roles, roleNames, chosen } = loaderData;
  const shiftColumns: Column<Loaded["shifts"][number]>[] = [
    {
      header: "volunteers:admin.shift",
      cell: (shift) => <RecordLink to={`/admin/volunteers/shifts/${shift.id}`}>{shift.title}</RecordLink>,
    },
    { header: "volunteers:admin.role", cell: (shift) => roleNames[shift.roleSlug] ?? shift.roleSlug },
    { header: "volunteers:admin.when", cell: (shift) => shiftWhen(shift, locale) },
    {
      header: "volunteers:admin.places",
      cell: (shift) =>
        t("admin.placesValue", { taken: shift.capacity - (shift.placesLeft ?? 0), capacity: shift.capacity }),
    },
  ];
  const volunteerColumns: Column<Loaded["volunteers"]["rows"][number]>[] = [
    {
      header: "volunteers:admin.name",
      cell: (person) => <RecordLink to={`/admin/volunteers/${person.id}`}>{person.name}</RecordLink>,
    },
    { header: "volunteers:admin.email", className: "whitespace-nowrap", cell: (person) => person.email },
    { header: "volunteers:admin.hours", cell: (person) => person.hours },
    {
      header: "volunteers:admin.consent",
      cell: (person) =>
        person.age !== null && person.age < 18
          ? t(person.guardianConsentAt ? "admin.consentGiven" : "admin.consentPending")
          : "",
    },
  ];
  const expiringColumns: Column<Loaded["expiring"][number]>[] = [
    {
      header: "volunteers:admin.name",
      cell: (row) => <RecordLink to={`/admin/volunteers/${row.volunteerId}`}>{row.name}</RecordLink>,
    },
    { header: "volunteers:admin.clearance", cell: (row) => t(`clearanceNames.${row.kind}`) },
    {
      header: "volunteers:admin.expires",
      cell: (row) => (row.expiresOn ? formatCalendarDate(row.expiresOn, locale) : ""),
    },
  ];
  const periodColumns: Column<Loaded["hours"]["byVolunteer"]["rows"][number]>[] = [
    {
      header: "volunteers:admin.name",
      cell: (person) => <RecordLink to={`/admin/volunteers/${person.id}`}>{person.name}</RecordLink>,
    },
    { header: "volunteers:admin.hours", cell: (person) => person.hours },
  ];
  const hoursQuery = new URLSearchParams(period).toString();
  return (
    <div className="space-y-10">
      <AdminPageHeader title={t("admin.title")} lead={t("admin.lead")} />
      <ListSection id="shifts-title" title={t("admin.shifts")}>
        <RecordTable
          label={t("admin.shifts")}
          columns={shiftColumns}
          rows={shifts}
          empty={t("admin.noShifts")}
        />
      </ListSection>
      <section aria-labelledby="add-title" id="add">
        <h2 id="add-title" className="text-xl font-bold">
          {t("admin.add")}
        </h2>
        <p className="mt-2">{t("admin.addLead")}</p>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("admin.role")}>
          {roles.map((role) => (
            <li key={role.slug}>
              <Link
                to={`?role=${role.slug}#add`}
                aria-current={chosen?.slug === role.slug ? "true" : undefined}
                className="btn-secondary aria-[current=true]:bg-accent-100"
              >
                {role.title}
              </Link>
            </li>
          ))}
        </ul>
        {actionData && "added" in actionData ? (
          <Flash>{t("admin.added", { count: actionData.added })}</Flash>
        ) : null}
        {chosen ? <AddShiftsForm key={chosen.slug} chosen={chosen} answer={actionData} /> : null}
      </section>
      <ListSection id="volunteers-title" title={t("admin.volunteers")}>
        <RecordTable
          label={t("admin.volunteers")}
          columns={volunteerColumns}
          rows={volunteers.rows}
          empty={t("admin.noVolunteers")}
        />
        {volunteers.total > 0 ? (
          <KeysetPagination links={volunteers.links} total={volunteers.total} hash="#volunteers-title" />
        ) : null}
      </ListSection>
      <ListSection id="expiring-title" title={t("admin.expiring")}>
        <RecordTable
          label={t("admin.expiring")}
          columns={expiringColumns}
          rows={expiring}
          empty={t("admin.noExpiring")}
        />
      </ListSection>
      <ListSection id="hours-title" title={t("admin.hoursTitle")}>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <label>
            <span className="block font-semibold">{t("admin.from")}</span>
            <input type="date" name="from" defaultValue={period.from} className={inputClass} />
          </label>
          <label>
            <span className="block font-semibold">{t("admin.to")}</span>
            <input type="date" name="to" defaultValue={period.to} className={inputClass} />
          </label>
          <button type="submit" className="btn-secondary">
            {t("admin.show")}
          </button>
          <a href={`/admin/volunteers/hours.csv?${hoursQuery}`} className="btn-secondary" download>
            {t("admin.export")}
          </a>
        </Form>
        {hours.byVolunteer.total === 0 ? (
          <p className="mt-3">{t("admin.noHours")}</p>
        ) : (
          <>
            <p className="mt-3 text-lg font-semibold">{t("admin.hoursTotal", { hours: hours.total })}</p>
            <h3 className="mt-3 font-bold">{t("admin.byRole")}</h3>
            <ul className="list-disc ps-6">
              {Object.entries(hours.byRole).map(([role, total]) => (
                <li key={role}>{`${roleNames[role] ?? role}: ${total}`}</li>
              ))}
            </ul>
            <h3 className="mt-3 font-bold">{t("admin.byVolunteer")}</h3>
            <RecordTable
              label={t("admin.byVolunteer")}
              columns={periodColumns}
              rows={hours.byVolunteer.rows}
            />
            <Pagination
              page={hours.byVolunteer.page}
              pageCount={hours.byVolunteer.pageCount}
              total={hours.byVolunteer.total}
              param="hoursPage"
              hash="#hours-title"
            />
          </>
        )}
      </ListSection>
    </div>
  );
}

/** The shift form for one role, its clearances and place filled in from the role and our address. */
function AddShiftsForm({
  chosen,
  answer,
}: {
  chosen: NonNullable<Loaded["chosen"]>;
  answer: object | undefined;
}) {
  const { t } = useTranslation("volunteers");
  const { form, fields, pending } = usePageForm({
    id: `add-shifts-${chosen.slug}`,
    schema: ShiftSchema,
    answer,
    defaultValue: {
      roleSlug: chosen.slug,
      titleEn: chosen.titleEn,
      titleEs: chosen.titleEs,
      place: chosen.place,
      capacity: "10",
      ...Object.fromEntries(chosen.requiredClearances.map((kind) => [CLEARANCE_FIELDS[kind], "on"])),
    },
  });
  return (
    <PageForm
      form={form}
      hidden={{ roleSlug: chosen.slug }}
      className="mt-4 grid max-w-3xl gap-4 sm:grid-cols-2"
      labels={{
        titleEn: t("admin.titleEn"),
        titleEs: t("admin.titleEs"),
        firstDate: t("admin.firstDate"),
        lastDate: t("admin.lastDate"),
        start: t("admin.start"),
        end: t("admin.end"),
        place: t("admin.place"),
        capacity: t("admin.capacity"),
        ...Object.fromEntries(
          CLEARANCE_KINDS.map((kind) => [CLEARANCE_FIELDS[kind], t(`clearanceNames.${kind}`)]),
        ),
      }}
    >
      <TextField meta={fields.titleEn} label={t("admin.titleEn")} required />
      <TextField meta={fields.titleEs} label={t("admin.titleEs")} required />
      <TextField meta={fields.firstDate} label={t("admin.firstDate")} type="date" required />
      <TextField
        meta={fields.lastDate}
        label={t("admin.lastDate")}
        type="date"
        hint={t("admin.lastDateHint")}
      />
      <TextField meta={fields.start} label={t("admin.start")} hint={t("admin.timeHint")} required />
      <TextField meta={fields.end} label={t("admin.end")} hint={t("admin.timeHint")} required />
      <TextField meta={fields.place} label={t("admin.place")} required />
      <TextField meta={fields.capacity} label={t("admin.capacity")} inputMode="numeric" required />
      <fieldset className="sm:col-span-2" aria-describedby="clearances-hint">
        <legend className="font-semibold">{t("admin.clearances")}</legend>
        <p id="clearances-hint" className="text-gray-700 dark:text-gray-300">
          {t("admin.clearancesHint")}
        </p>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {CLEARANCE_KINDS.map((kind) => (
            <CheckboxField
              key={kind}
              meta={fields[CLEARANCE_FIELDS[kind]]}
              label={t(`clearanceNames.${kind}`)}
            />
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <SubmitButton pending={pending} label={t("admin.save")} pendingLabel={t("admin.saving")} />
      </div>
    </PageForm>
  );
}
