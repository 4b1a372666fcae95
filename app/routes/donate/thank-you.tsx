import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { formatMoney } from "~/lib/format";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/kernel/context.server";
import { getInstance, requestLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import { readThankYou } from "~/server/donations/checkout.server";
import type { Route } from "./+types/thank-you";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["donate"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const { ctx } = getRequestContext(args.context);
  const locale = requestLocale(args.context);
  const t = getInstance(args.context).getFixedT(locale, "donate");
  const sessionId = new URL(args.request.url).searchParams.get("session_id");
  const result = await readThankYou(env, ctx, sessionId);
  return {
    seo: pageSeo(args, "donate", { title: t("thankYou.title") }),
    locale,
    result,
  };
}

// The page names a donor: never cached, never indexed.
export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export default function ThankYouPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const { result, locale } = loaderData;
  const actions = (
    <div className="mt-8 flex flex-wrap gap-3">
      <Link to="/donate" className="btn-primary">
        {t("thankYou.another")}
      </Link>
      <Link to="/" className="btn-secondary">
        {t("thankYou.home")}
      </Link>
    </div>
  );
  if (result.state === "paid" || result.state === "processing") {
    const amount = formatMoney(result.amountCents, locale, result.currency);
    const key =
      result.state === "processing"
        ? "thankYou.processing"
        : result.frequency === "monthly"
          ? "thankYou.paidMonthly"
          : "thankYou.paid";
    return (
      <PageHeader title={t("thankYou.title")}>
        <p className="mt-4 max-w-3xl text-lg">{t(key, { name: result.firstName, amount })}</p>
        <p className="mt-2 max-w-3xl">{t("thankYou.receipt", { email: result.email })}</p>
        {actions}
      </PageHeader>
    );
  }
  return (
    <PageHeader title={result.state === "failed" ? t("thankYou.failed") : t("thankYou.unknownTitle")}>
      <p className="mt-4 max-w-3xl text-lg">{t("thankYou.unknown")}</p>
      {actions}
    </PageHeader>
  );
}
