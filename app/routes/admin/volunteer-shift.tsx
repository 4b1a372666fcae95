import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, ConfirmQuestion, Flash } from "~/components/admin/ui";
import { SubmitButton, TextField } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { ListSection } from "~/components/volunteers/list-section";
import { shiftWhen } from "~/components/volunteers/shift-card";
import { formatNewYorkDateTime, useLocale } from "~/lib/format";
import { MoveShiftSchema } from "~/lib/volunteers";
import { requireStaff } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { shiftPageAction, shiftRosterPage } from "~/server/volunteers/admin.server";
import type { Route } from "./+types/volunteer-shift";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["admin", "volunteers"] };
export const meta = adminMeta;

/** GET /admin/volunteers/shifts/:id: who is on the shift, to check them in on a phone (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  await requireStaff(args);
  const page = await shiftRosterPage(env, args.params.id, requestLocale(args.context));
  if (!page) throw data(null, { status: 404 });
  return { title: adminTitle(args, "volunteers:admin.roster"), ...page };
}

/** POST: check someone in (arrived, left, attended), move the shift, or cancel it (asked first). */
export async function action(args: Route.ActionArgs) {
  const staff = await requireStaff(args);
  return shiftPageAction(env, staff, args.params.id, args.context);
}

export default function AdminVolunteerShift({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("volunteers");
  const locale = useLocale();
  const { shift, roster, roleName } = loaderData;
  const time = (iso: string | null) => (iso ? formatNewYorkDateTime(iso, locale) : "");
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title={`${shift.title} (${roleName})`}
        lead={`${shiftWhen(shift, locale)} · ${shift.place} · ${t("admin.placesValue", {
          taken: shift.capacity - (shift.placesLeft ?? 0),
          capacity: shift.capacity,
        })}`}
        actions={
          <Link to="/admin/volunteers" className="btn-secondary">
            {t("admin.back")}
          </Link>
        }
      />
      {actionData && "done" in actionData ? (
        <Flash>
          {actionData.done === "moved"
            ? t("admin.moved", { count: actionData.notified })
            : actionData.done === "cancelled"
              ? t("admin.shiftCancelled")
              : t("admin.checked")}
        </Flash>
      ) : actionData && "error" in actionData ? (
        <Flash tone="error">{t(`admin.errors.${actionData.error}`)}</Flash>
      ) : null}
      {actionData && "ask" in actionData ? (
        <ConfirmQuestion id="confirm-cancel" question={t("admin.cancelQuestion", { count: roster.length })}>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel-shift" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className="btn-primary">
              {t("admin.confirmCancel")}
            </button>
          </Form>
          <Link to={`/admin/volunteers/shifts/${shift.id}`} className="btn-secondary">
            {t("admin.keep")}
          </Link>
        </ConfirmQuestion>
      ) : null}
      <ListSection
        id="roster-title"
        title={t("admin.roster")}
        empty={roster.length === 0 && t("admin.noRoster")}
      >
        <ul className="mt-4 grid gap-3">
          {roster.map((person) => (
            <li key={person.signupId} className="rounded-xl border border-gray-200 p-4 dark:border-gray-700">
              <p className="font-bold">{person.name}</p>
              <p>
                {t(`me.statuses.${person.status}`)}
                {person.phone ? (
                  <>
                    {" · "}
                    <a href={`tel:${person.phone}`} className="tap-target inline-flex items-center">
                      {person.phone}
                    </a>
                  </>
                ) : null}
              </p>
              {person.checkedInAt ? (
                <p>
                  {t("admin.arrivedAt", { time: time(person.checkedInAt) })}
                  {person.checkedOutAt ? `, ${t("admin.leftAt", { time: time(person.checkedOutAt) })}` : ""}
                </p>
              ) : null}
              {person.status === "signed-up" ? (
                <Form method="post" className="mt-2 flex flex-wrap gap-2">
                  <input type="hidden" name="signup" value={person.signupId} />
                  {(["attended", "arrived", "left"] as const).map((intent) => (
                    <button key={intent} type="submit" name="intent" value={intent} className="btn-secondary">
                      {t(`admin.${intent}`)}
                      <span className="sr-only">: {person.name}</span>
                    </button>
                  ))}
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      </ListSection>
      <MoveShiftForm shift={shift} answer={actionData} />
      <Form method="post">
        <input type="hidden" name="intent" value="cancel-shift" />
        <button type="submit" className="btn-secondary">
          {t("admin.cancelShift")}
        </button>
      </Form>
    </div>
  );
}

function MoveShiftForm({
  shift,
  answer,
}: {
  shift: Route.ComponentProps["loaderData"]["shift"];
  answer: object | undefined;
}) {
  const { t } = useTranslation("volunteers");
  const { form, fields, pending } = usePageForm({
    id: `move-${shift.id}`,
    schema: MoveShiftSchema,
    answer,
    defaultValue: {
      intent: "move",
      date: shift.date,
      start: shift.start,
      end: shift.end,
      place: shift.place,
    },
  });
  return (
    <section aria-labelledby="move-title">
      <h2 id="move-title" className="text-xl font-bold">
        {t("admin.move")}
      </h2>
      <PageForm
        form={form}
        hidden={{ intent: "move" }}
        className="mt-3 grid max-w-3xl gap-4 sm:grid-cols-2"
        labels={{
          date: t("admin.date"),
          start: t("admin.start"),
          end: t("admin.end"),
          place: t("admin.place"),
        }}
      >
        <TextField meta={fields.date} label={t("admin.date")} type="date" required />
        <TextField meta={fields.place} label={t("admin.place")} required />
        <TextField meta={fields.start} label={t("admin.start")} hint={t("admin.timeHint")} required />
        <TextField meta={fields.end} label={t("admin.end")} hint={t("admin.timeHint")} required />
        <div className="sm:col-span-2">
          <SubmitButton pending={pending} label={t("admin.moveSave")} pendingLabel={t("admin.saving")} />
        </div>
      </PageForm>
    </section>
  );
}
