import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LinkConfirmButton } from "~/components/forms/form-kit";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { getDb } from "~/server/db/client.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { unsubscribe, unsubscribeEmail } from "~/server/newsletter.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/newsletter-unsubscribe";
import { env } from "~/server/kernel/env.server";

/**
 * /newsletter/unsubscribe?token=…: the link at the end of every newsletter mail. GET asks
 * (mail scanners follow links), POST unsubscribes with the token the page's button sends. A mail
 * provider's one-click post (RFC 8058) goes to /api/v1/newsletter/unsubscribe.
 */
export const handle = { i18n: ["forms"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const token = new URL(args.request.url).searchParams.get("token") ?? "";
  const email = await unsubscribeEmail(env, token);
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "forms");
  return {
    valid: email !== null,
    email,
    token,
    seo: pageSeo(args, "newsletter-unsubscribe", {
      title: t("newsletter.unsubscribe.title"),
      description: t("newsletter.intro"),
    }),
  };
}

export async function action(args: Route.ActionArgs) {
  const formData = readPostedForm(args.context);
  const token = String(formData.get("token") ?? "");
  return { done: await unsubscribe(env, getDb(env), token) };
}

export default function NewsletterUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  if (actionData) {
    const key = actionData.done ? "done" : "invalid";
    return (
      <PageHeader
        title={t(`newsletter.unsubscribe.${key}.title`)}
        lead={t(`newsletter.unsubscribe.${key}.message`)}
      >
        <p className="mt-6">
          <Link to="/" className="btn-primary">
            {t("backHome")}
          </Link>
        </p>
      </PageHeader>
    );
  }
  if (!loaderData.valid) {
    return (
      <PageHeader
        title={t("newsletter.unsubscribe.invalid.title")}
        lead={t("newsletter.unsubscribe.invalid.message")}
      />
    );
  }
  return (
    <PageHeader
      title={t("newsletter.unsubscribe.title")}
      lead={t("newsletter.unsubscribe.question", { email: loaderData.email })}
    >
      <LinkConfirmButton token={loaderData.token} label={t("newsletter.unsubscribe.submit")} />
    </PageHeader>
  );
}
