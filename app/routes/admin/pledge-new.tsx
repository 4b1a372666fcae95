import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { DonorFields, GiftInput, GiftSelect } from "~/components/admin/gift-fields";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { newYorkDate } from "~/lib/format";
import { parsePostedFields } from "~/lib/forms/field-validation";
import { PLEDGE_INTERVAL_MONTHS } from "~/lib/vocabulary";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { donorFieldsFromUrl } from "~/server/donations/offline.server";
import { createPledge, PledgeSchema } from "~/server/donations/pledges.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/pledge-new";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

/** /admin/pledges/new: an amount promised in instalments (decision 056); `?email=` fills the donor. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return {
    title: adminTitle(args, "gifts:pledge.title"),
    values: {
      ...(await donorFieldsFromUrl(env, new URL(args.request.url))),
      instalments: "4",
      intervalMonths: "3",
      firstDueOn: newYorkDate(),
    } as Record<string, string>,
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAdmin(args);
  const values = formStrings(readPostedForm(args.context));
  const parsed = parsePostedFields(PledgeSchema, values);
  if (!parsed.ok) return data({ errors: parsed.errors, values }, { status: 400 });
  await createPledge(env, staff, parsed.value);
  return redirect(`/admin/donors/${encodeURIComponent(parsed.value.donorEmail)}`, 303);
}

export default function AdminPledgeNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("gifts");
  const navigation = useNavigation();
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData?.errors ?? {};
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("admin:common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("pledge.title")} lead={t("pledge.lead")} />
      {actionData?.errors ? <Flash tone="error">{t("record.fix")}</Flash> : null}
      <Form method="post" className="mt-6 grid max-w-xl gap-4" noValidate>
        <DonorFields values={values} errors={errors} localeLabel={t("pledge.locale")} />
        <GiftInput name="amount" required label={t("pledge.amount")} values={values} errors={errors} />
        <GiftInput
          name="instalments"
          required
          label={t("pledge.instalments")}
          values={values}
          errors={errors}
        />
        <GiftSelect
          name="intervalMonths"
          label={t("pledge.interval")}
          options={PLEDGE_INTERVAL_MONTHS.map((months) => ({
            value: String(months),
            label: t(`pledge.intervals.${months}`),
          }))}
          values={values}
          errors={errors}
        />
        <GiftInput
          name="firstDueOn"
          type="date"
          required
          label={t("pledge.firstDueOn")}
          values={values}
          errors={errors}
        />
        <label className="tap-target flex items-center gap-3 font-semibold">
          <input type="checkbox" name="remind" defaultChecked={values.remind === "on"} className="size-6" />
          {t("pledge.remind")}
        </label>
        <div>
          <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
            {t("pledge.submit")}
          </button>
        </div>
      </Form>
    </>
  );
}
