import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LinkConfirmButton } from "~/components/forms/form-kit";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { getRequestContext } from "~/server/kernel/context.server";
import { getDb } from "~/server/db/client.server";
import { getInstance, requestLocale } from "~/server/kernel/i18n.server";
import { deliverOutbox } from "~/server/mail/outbox.server";
import { confirmationState, confirmSubscription, type ConfirmOutcome } from "~/server/newsletter.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/newsletter-confirm";
import { env } from "~/server/kernel/env.server";

/**
 * /newsletter/confirm?token=…: the second step of the double opt-in. GET shows a button and
 * changes nothing, because mail scanners follow links; the button's POST confirms (decision
 * 014). The token is signed, single-purpose and expires in 7 days.
 */
export const handle = { i18n: ["forms"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const link = await confirmationState(env, getDb(env), token);
  const t = getInstance(args.context).getFixedT(requestLocale(args.context), "forms");
  const titleKey =
    link.state === "pending" ? "newsletter.confirm.ask.title" : `newsletter.confirm.${link.state}.title`;
  return {
    state: link.state,
    email: link.state === "pending" ? link.email : null,
    token,
    seo: pageSeo(args, "newsletter-confirm", { title: t(titleKey), description: t("newsletter.intro") }),
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx } = getRequestContext(args.context);
  const formData = readPostedForm(args.context);
  const token = String(formData.get("token") ?? new URL(args.request.url).searchParams.get("token") ?? "");
  const { outcome, outboxIds } = await confirmSubscription(
    env,
    getDb(env),
    token,
    getInstance(args.context).getFixedT(requestLocale(args.context), "email"),
  );
  if (outboxIds.length > 0) ctx.waitUntil(deliverOutbox(env, { ids: outboxIds }));
  return { outcome };
}

function Outcome({ outcome }: { outcome: ConfirmOutcome }) {
  const { t } = useTranslation("forms");
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

export default function NewsletterConfirmPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  if (actionData) return <Outcome outcome={actionData.outcome} />;
  if (loaderData.state !== "pending") return <Outcome outcome={loaderData.state} />;
  return (
    <PageHeader
      title={t("newsletter.confirm.ask.title")}
      lead={t("newsletter.confirm.ask.question", { email: loaderData.email })}
    >
      <LinkConfirmButton token={loaderData.token} label={t("newsletter.confirm.ask.submit")} />
    </PageHeader>
  );
}
