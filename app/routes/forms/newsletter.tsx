import { useTranslation } from "react-i18next";
import { NewsletterForm } from "~/components/forms/newsletter-form";
import type { FormActionData } from "~/components/forms/submission-form";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { handleNewsletterSubscription } from "~/server/forms.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/newsletter";

/** /newsletter: the subscribe box on its own page, and where the footer's box posts. */
export const handle = { i18n: ["forms"] };
export const meta = pageMeta;

/** A rate-limited post keeps its Retry-After (React Router only sends headers a route passes on). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export function loader(args: Route.LoaderArgs) {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "forms");
  return {
    seo: pageSeo(args, "newsletter", { title: t("newsletter.title"), description: t("newsletter.intro") }),
  };
}

export function action(args: Route.ActionArgs) {
  return handleNewsletterSubscription(args);
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  return (
    <>
      <PageHeader title={t("newsletter.title")} lead={t("newsletter.intro")} />
      <div className="container-page max-w-xl py-10">
        <NewsletterForm result={actionData as FormActionData | undefined} headingLevel={2} />
      </div>
    </>
  );
}
