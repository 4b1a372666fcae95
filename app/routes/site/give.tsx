import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { GoalProgress } from "~/components/donate/goal-progress";
import { PageHeader } from "~/components/layout/page-header";
import { useFormat } from "~/lib/format";
import { FundsChart } from "~/components/pages/funds-chart";
import { Card, CardGrid, FormSlot, Section } from "~/components/pages/ui";
import { donateHref, GIFT_EXAMPLES_CENTS, giftImpact, GIVE_LINK_AMOUNT_CENTS } from "~/content/figures";
import { GIVING_LEVELS, WAYS_TO_GIVE } from "~/content/involve";
import { pageMeta } from "~/lib/seo";
import { getCampaignProgress } from "~/server/donations/progress.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/give";
import { GivingInfoForm } from "~/components/forms/giving-info-form";
import { ModalLink } from "~/components/pages/modal-link";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["give", "donate", "forms"] };
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args), progress: await getCampaignProgress(env) };
}

export default function GivePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("give");
  const format = useFormat();
  return (
    <>
      <PageHeader lead={t("lead")}>
        <p className="mt-6">
          <Link to="/donate" className="btn-donate">
            {t("donateNow")}
          </Link>
        </p>
      </PageHeader>
      {loaderData.progress ? (
        <Section
          id="goal"
          title={t("goalTitle", { label: loaderData.progress.label })}
          lead={t("goal", { amount: format.money(loaderData.progress.goalCents) })}
        >
          <GoalProgress {...loaderData.progress} />
        </Section>
      ) : null}
      <Section id="ways" title={t("waysTitle")} tinted>
        <CardGrid>
          {WAYS_TO_GIVE.map((way) => {
            const title = t(`ways.${way.id}.title`);
            const online = way.id === "oneTime" || way.id === "monthly";
            return (
              <Card
                key={way.id}
                title={title}
                badge={
                  way.minimumCents ? t("minimum", { amount: format.money(way.minimumCents) }) : undefined
                }
              >
                <p>{t(`ways.${way.id}.text`)}</p>
                {online ? (
                  <Link
                    to={donateHref(GIVE_LINK_AMOUNT_CENTS, way.id === "monthly" ? "monthly" : "one-time")}
                    className="btn-donate mt-auto self-start"
                  >
                    {t("donateNow")}
                  </Link>
                ) : (
                  // A dialog with the way of giving chosen; without JavaScript the form's own page, prefilled.
                  <div className="mt-auto self-start">
                    <ModalLink
                      href={
                        "infoOption" in way
                          ? `/forms/giving-info?way=${way.infoOption}`
                          : "/forms/giving-info"
                      }
                      className="btn-secondary"
                      label={t("infoActionLabel", { way: title })}
                      title={t("forms:givingInfo.title")}
                      closeLabel={t("infoClose")}
                      body={
                        <GivingInfoForm
                          option={"infoOption" in way ? way.infoOption : undefined}
                          headingLevel={3}
                        />
                      }
                    >
                      {t("infoAction")}
                    </ModalLink>
                  </div>
                )}
              </Card>
            );
          })}
        </CardGrid>
      </Section>
      <Section id="examples" title={t("examplesTitle")}>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {GIFT_EXAMPLES_CENTS.map((amount) => (
            <li
              key={amount}
              className="flex flex-col rounded-2xl border border-gray-200 p-6 dark:border-gray-700"
            >
              <p className="text-3xl font-black text-accent-800 dark:text-accent-200">
                {format.money(amount)}
              </p>
              <p className="mt-2 flex-1 text-gray-700 dark:text-gray-300">
                {t(`examples.${amount / 100}`, giftImpact(amount))}
              </p>
              <Link to={donateHref(amount)} className="btn-donate mt-4 self-start">
                {t("giveAmount", { amount: format.money(amount) })}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="funds" title={t("fundsTitle")} lead={t("fundsLead")} tinted>
        <FundsChart />
      </Section>
      <Section id="levels" title={t("levelsTitle")} lead={t("levelsLead")}>
        <ol className="mt-6 flex flex-wrap gap-3">
          {GIVING_LEVELS.map((level) => (
            <li
              key={level}
              className="rounded-full bg-accent-100 px-4 py-2 font-semibold text-accent-900 dark:bg-accent-900 dark:text-accent-100"
            >
              {t(`levels.${level}`)}
            </li>
          ))}
        </ol>
      </Section>
      <Section id="tax" title={t("taxTitle")} lead={t("tax")} tinted />
      <FormSlot id="giving-info-form" title={t("formTitle")} intro={t("formIntro")}>
        <GivingInfoForm headingLevel={3} />
      </FormSlot>
    </>
  );
}
