import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { isLocale } from "~/lib/i18n";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/context.server";
import { getDb } from "~/server/db/client.server";
import { getInstance, getLocale } from "~/server/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { confirmSubscription } from "~/server/newsletter.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/newsletter-confirm";

/**
 * GET /newsletter/confirm?token=…: the second step of the double opt-in. Following the link
 * is the confirmation (the token is signed, single-purpose and expires in 7 days).
 */
export const handle = { i18n: ["forms"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const { env, ctx } = getRequestContext(args.context);
  const i18n = getInstance(args.context);
  const detected = getLocale(args.context);
  const locale = isLocale(detected) ? detected : "en";
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const { outcome, outboxIds } = await confirmSubscription(
    env,
    getDb(env),
    token,
    i18n.getFixedT(locale, "email"),
  );
  if (outboxIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: outboxIds }));
  const t = i18n.getFixedT(locale, "forms");
  return {
    outcome,
    seo: pageSeo(args, "newsletter-confirm", {
      title: t(`newsletter.confirm.${outcome}.title`),
      description: t("newsletter.intro"),
    }),
  };
}

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  const { outcome } = loaderData;
  return (
    <PageHeader
      title={t(`newsletter.confirm.${outcome}.title`)}
      lead={t(`newsletter.confirm.${outcome}.message`)}
    >
      <p className="mt-6">
        {outcome === "invalid" ? (
          <Link to="/newsletter" className="btn-primary">
            {t("newsletter.subscribeAgain")}
          </Link>
        ) : (
          <Link to="/" className="btn-primary">
            {t("backHome")}
          </Link>
        )}
      </p>
    </PageHeader>
  );
}
