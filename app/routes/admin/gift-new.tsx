import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { GiftFields } from "~/components/admin/gift-fields";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader, Flash } from "~/components/admin/ui";
import { newYorkDate } from "~/lib/format";
import { parsePostedFields } from "~/lib/forms/field-validation";
import { formStrings } from "~/server/admin/schemas.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { adminTitle } from "~/server/auth/seo.server";
import { donorFieldsFromUrl, OfflineGiftSchema, recordOfflineGift } from "~/server/donations/offline.server";
import { sendMails } from "~/server/donations/payments.server";
import { pledgeOptions } from "~/server/donations/pledges.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import type { Route } from "./+types/gift-new";
import { env } from "~/server/kernel/env.server";

export const meta = adminMeta;
export const handle = { i18n: ["admin", "gifts"] };

/**
 * /admin/donations/new: staff record a cheque, cash, a transfer, stock, a DAF or an in-kind gift
 * (decision 056). `?email=` fills in a donor already in the ledger and offers their pledges.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const donor = await donorFieldsFromUrl(env, new URL(args.request.url));
  return {
    title: adminTitle(args, "gifts:record.title"),
    values: { ...donor, receivedOn: newYorkDate() } as Record<string, string>,
    pledges: donor.donorEmail ? await pledgeOptions(env, donor.donorEmail) : [],
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAdmin(args);
  const { ctx } = getRequestContext(args.context);
  const values = formStrings(readPostedForm(args.context));
  const parsed = parsePostedFields(OfflineGiftSchema, values);
  const pledges = values.donorEmail ? await pledgeOptions(env, values.donorEmail) : [];
  if (!parsed.ok) return data({ errors: parsed.errors, values, pledges }, { status: 400 });
  const recorded = await recordOfflineGift(env, staff, parsed.value);
  if ("error" in recorded)
    return data({ errors: { pledgeId: "gifts:errors.pledge" }, values, pledges }, { status: 400 });
  sendMails(env, ctx, recorded.mails);
  return redirect(`/admin/donations/${recorded.id}`, 303);
}

export default function AdminGiftNew({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("gifts");
  const navigation = useNavigation();
  const values = actionData?.values ?? loaderData.values;
  return (
    <>
      <p>
        <Link to="/admin/donations" className="link">
          ← {t("admin:common.back")}
        </Link>
      </p>
      <AdminPageHeader title={t("record.title")} lead={t("record.lead")} />
      {actionData?.errors ? <Flash tone="error">{t("record.fix")}</Flash> : null}
      <Form method="post" className="mt-6 grid gap-6" noValidate>
        <GiftFields
          values={values}
          errors={actionData?.errors ?? {}}
          pledges={actionData?.pledges ?? loaderData.pledges}
          withDonor
        />
        <label className="tap-target flex items-center gap-3 font-semibold">
          <input
            type="checkbox"
            name="sendReceipt"
            defaultChecked={actionData ? values.sendReceipt === "on" : true}
            className="size-6"
          />
          {t("record.sendReceipt")}
        </label>
        <div>
          <button type="submit" className="btn-primary" disabled={navigation.state !== "idle"}>
            {t("record.submit")}
          </button>
        </div>
      </Form>
    </>
  );
}
