import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { DonateForm } from "~/components/donate/donate-form";
import { DonateSidebar } from "~/components/donate/donate-sidebar";
import { NotConfigured } from "~/components/donate/not-configured";
import { KeptPart } from "~/components/layout/kept-part";
import { PageHeader } from "~/components/layout/page-header";
import { pageMeta } from "~/lib/seo";
import { handleDonateAction, initialDonateState } from "~/server/donations/donate-form.server";
import { addressLine } from "~/lib/organization";
import { getOrganization } from "~/server/content/organization.server";
import { getCampaignProgress } from "~/server/donations/progress.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { readPostedForm } from "~/server/kernel/post-guard.server";
import { visitorCookieHeader } from "~/server/kernel/visitor-cookie.server";
import { sitePageSeo } from "~/server/seo.server";
import { getSessionUser } from "~/server/auth/sessions.server";
import type { Route } from "./+types/donate";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["donate"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  const [initial, progress, facts] = await Promise.all([
    initialDonateState(env, args.request, locale),
    getCampaignProgress(env),
    getOrganization(env),
  ]);
  return {
    seo: sitePageSeo(args),
    locale,
    ...initial,
    progress,
    // The organisation's facts in D1 (decision 028).
    org: facts && {
      legalName: facts.legalName,
      ein: facts.ein,
      address: addressLine(facts),
      phone: facts.phone,
      email: facts.email,
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getSessionUser(request, env);
  const outcome = await handleDonateAction(env, request, readPostedForm(context), {
    locale: requestLocale(context),
    userId: user?.id ?? null,
  });
  // The visitor cookie the Checkout limit counts by (decision 024) comes with the first step's
  // answer, not with the page, so the page itself stays cacheable for everyone (decision 027).
  const cookie = await visitorCookieHeader(env, request);
  const headers: HeadersInit = cookie ? { "Set-Cookie": cookie } : {};
  if (outcome.kind === "redirect") return redirect(outcome.url, { status: 303, headers });
  return data(outcome.state, { status: outcome.status, headers });
}

export default function DonatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const state = actionData ?? loaderData.state;
  return (
    <>
      <PageHeader lead={t("lead")} />
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div>
          {loaderData.configured ? (
            <DonateForm
              // A new step is a new form: its fields start from the carried values.
              key={`${state.step}-${actionData ? "action" : "loader"}`}
              step={state.step}
              values={state.values}
              result={state.result}
              notice={state.notice}
              locale={loaderData.locale}
            />
          ) : (
            <NotConfigured org={loaderData.org} />
          )}
        </div>
        {/* Words and figures only: kept as the server wrote them while the page hydrates (decision 039). */}
        <KeptPart data={loaderData}>
          <DonateSidebar progress={loaderData.progress} org={loaderData.org} />
        </KeptPart>
      </div>
      <p className="container-page pb-10 text-sm text-gray-700 dark:text-gray-300">
        {t("disclosure")}{" "}
        <Link to="/reports" className="link">
          {t("reportsLink")}
        </Link>
      </p>
    </>
  );
}
