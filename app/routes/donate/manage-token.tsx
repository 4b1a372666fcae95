import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { SubmitButton } from "~/components/forms/fields";
import { PageHeader } from "~/components/layout/page-header";
import { parseDollarsToCents } from "~/lib/donation";
import { formatMoney, formatNewYorkDate } from "~/lib/format";
import { toLocale } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import {
  donorEmailFromToken,
  getDonorOverview,
  MANAGE_ACTIONS,
  manageGift,
  type ManageAction,
} from "~/server/donations/manage.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/manage-token";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["donate"] };
export const meta = pageMeta;

// A signed link is a key: it must not be cached, indexed or leaked in a Referer.
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export async function loader(args: Route.LoaderArgs) {
  const email = await donorEmailFromToken(env, args.params.token);
  // Expired or tampered: refused, with a way to ask for a fresh link.
  if (!email) throw redirect("/donate/manage?expired=1");
  const localeCode = getLocale(args.context);
  const locale = toLocale(localeCode);
  const t = getInstance(args.context).getFixedT(locale, "donate");
  const overview = await getDonorOverview(env, email);
  // Every monthly gift under this address has been canceled: the page says so first.
  const ended = overview.gifts.length > 0 && overview.gifts.every((gift) => gift.status === "canceled");
  return {
    seo: pageSeo(args, "donate", { title: t(ended ? "manage.endedTitle" : "manage.giftsTitle") }),
    email,
    locale,
    ended,
    gifts: overview.gifts.map((gift) => ({
      id: gift.id,
      amountCents: gift.amountCents,
      currency: gift.currency,
      status: gift.status,
      since: formatNewYorkDate(gift.createdAt, locale),
    })),
    recent: overview.recent.map((gift) => ({
      ...gift,
      date: gift.paidAt ? formatNewYorkDate(gift.paidAt, locale) : "",
    })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const email = await donorEmailFromToken(env, params.token);
  if (!email) throw data("This link has expired or is not valid.", { status: 403 });
  const formData = readPostedForm(context);
  const intent = String(formData.get("intent") ?? "");
  if (!(MANAGE_ACTIONS as readonly string[]).includes(intent))
    return data({ ok: false as const, error: "stripe" as const, giftId: "" }, { status: 400 });
  const giftId = String(formData.get("giftId") ?? "");
  const amountCents = parseDollarsToCents(String(formData.get("amount") ?? ""));
  const result = await manageGift(env, {
    email,
    giftId,
    action: intent as ManageAction,
    amountCents,
    returnUrl: request.url,
    locale: getLocale(context),
  });
  if (result.ok && result.redirectTo) return redirect(result.redirectTo, 303);
  if (!result.ok) {
    const status = {
      "invalid-amount": 400,
      "not-found": 404,
      ended: 409,
      stripe: 502,
      "not-configured": 503,
    }[result.error];
    return data({ ...result, giftId }, { status });
  }
  return { ...result, giftId, amountCents };
}

export default function ManageGiftsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const navigation = useNavigation();
  const { locale } = loaderData;
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <PageHeader
      title={loaderData.ended ? t("manage.endedTitle") : t("manage.giftsTitle")}
      lead={t("manage.for", { email: loaderData.email })}
    >
      <div className="mt-8 max-w-3xl space-y-6">
        {actionData ? (
          <p
            role={actionData.ok ? "status" : "alert"}
            className={`rounded-xl border-l-8 bg-white p-4 font-semibold dark:bg-gray-950 ${
              actionData.ok
                ? "border-accent-700 dark:border-accent-300"
                : "border-red-700 dark:border-red-300"
            }`}
          >
            {actionData.ok
              ? t(`manage.done.${actionData.action}`, {
                  amount: formatMoney(actionData.amountCents ?? 0, locale),
                })
              : actionData.error === "invalid-amount"
                ? t("errors.invalidAmount")
                : actionData.error === "ended"
                  ? t("manage.endedNoChanges")
                  : t("manage.failed")}
          </p>
        ) : null}
        {loaderData.gifts.length === 0 ? <p>{t("manage.none")}</p> : null}
        {loaderData.gifts.map((gift) => {
          const active = gift.status !== "canceled";
          return (
            <section
              key={gift.id}
              aria-labelledby={`gift-${gift.id}`}
              className="rounded-xl border border-gray-300 bg-white p-5 dark:border-gray-700 dark:bg-gray-950"
            >
              <h2 id={`gift-${gift.id}`} className="text-xl font-bold">
                {t("amount.perMonth", { amount: formatMoney(gift.amountCents, locale, gift.currency) })}
              </h2>
              <p className="mt-1">
                {t(`manage.status.${gift.status}`)} · {t("manage.since", { date: gift.since })}
              </p>
              {active ? null : <p className="mt-2">{t("manage.ended")}</p>}
              {active ? (
                <div className="mt-4 space-y-4">
                  <Form method="post" className="flex flex-wrap items-end gap-3">
                    <input type="hidden" name="giftId" value={gift.id} />
                    <div>
                      <label htmlFor={`amount-${gift.id}`} className="block font-semibold">
                        {t("manage.newAmount")}
                      </label>
                      <input
                        id={`amount-${gift.id}`}
                        name="amount"
                        type="text"
                        inputMode="decimal"
                        required
                        defaultValue={(gift.amountCents / 100).toString()}
                        className="focus-ring tap-target mt-1 w-40 rounded-lg border border-gray-500 bg-white px-3 py-2 text-gray-900 dark:border-gray-400 dark:bg-gray-950 dark:text-white"
                      />
                    </div>
                    <SubmitButton
                      pending={busyIntent === "change-amount"}
                      label={t("manage.changeAmount")}
                      pendingLabel={t("manage.working")}
                      name="intent"
                      value="change-amount"
                    />
                  </Form>
                  <Form method="post" className="flex flex-wrap gap-3">
                    <input type="hidden" name="giftId" value={gift.id} />
                    <button type="submit" name="intent" value="update-card" className="btn-secondary">
                      {t("manage.updateCard")}
                    </button>
                    {gift.status === "paused" ? (
                      <button type="submit" name="intent" value="resume" className="btn-secondary">
                        {t("manage.resume")}
                      </button>
                    ) : (
                      <button type="submit" name="intent" value="pause" className="btn-secondary">
                        {t("manage.pause")}
                      </button>
                    )}
                    <button type="submit" name="intent" value="cancel" className="btn-secondary">
                      {t("manage.cancel")}
                    </button>
                  </Form>
                </div>
              ) : null}
            </section>
          );
        })}
        {loaderData.recent.length > 0 ? (
          <section aria-labelledby="recent-gifts">
            <h2 id="recent-gifts" className="text-xl font-bold">
              {t("manage.recentTitle")}
            </h2>
            <ul className="mt-2 divide-y divide-gray-200 dark:divide-gray-800">
              {loaderData.recent.map((gift) => (
                <li key={gift.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <span>{gift.date}</span>
                  <span className="font-semibold">
                    {formatMoney(gift.amountCents, locale, gift.currency)}
                  </span>
                  <span>
                    {t(`frequency.${gift.frequency}`)} · {t(`manage.giftStatus.${gift.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {loaderData.ended ? (
          <p>
            <Link to="/donate" className="link">
              {t("manage.giveAgain")}
            </Link>
          </p>
        ) : null}
        <Link to="/donate/statement" className="link">
          {t("manage.statementLink")}
        </Link>
      </div>
    </PageHeader>
  );
}
