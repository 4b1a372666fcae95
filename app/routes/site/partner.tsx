import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { CheckList } from "~/components/pages/check-list";
import { Card, CardGrid, Facts, FormSlot, Section, Steps } from "~/components/pages/ui";
import { PARTNERSHIP_LEVELS } from "~/content/figures";
import { PARTNER_STEPS } from "~/content/involve";
import { localized } from "~/lib/content/entry-types";
import { PARTNER_KINDS } from "~/lib/vocabulary";
import { listProspects } from "~/server/content/entries.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/partner";
import { PartnerForm } from "~/components/forms/partner-form";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["involve", "forms"] };
export const meta = pageMeta;

/** The published partner prospects (content type `prospect`, decision 029) in the visitor's language. */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  return {
    seo: sitePageSeo(args),
    prospects: (await listProspects(env)).map(({ id, fields }) => ({
      id,
      name: localized(fields.name, locale),
      contribution: localized(fields.contribution, locale),
      kind: fields.kind,
      status: fields.partnerStatus,
    })),
  };
}

const STATUS_STYLE = {
  open: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  active: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  priority: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  limited: "bg-gray-200 text-gray-900 dark:bg-gray-700 dark:text-gray-100",
} as const;

export default function PartnerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("involve");
  const format = useFormat();
  return (
    <>
      <PageHeader lead={t("partner.lead")} />
      <Section id="types" title={t("partner.typesTitle")}>
        <CardGrid columns={2}>
          {PARTNER_KINDS.map((type) => (
            <Card key={type} title={t(`partner.types.${type}.title`)}>
              <p>{t(`partner.types.${type}.description`)}</p>
              <h4 className="font-semibold text-gray-900 dark:text-gray-100">{t("labels.benefits")}</h4>
              <CheckList items={asList(t(`partner.types.${type}.benefits`, { returnObjects: true }))} />
              <Facts
                items={[
                  { term: t("labels.commitment"), value: t(`partner.types.${type}.commitment`) },
                  { term: t("labels.investment"), value: t(`partner.types.${type}.investment`) },
                ]}
              />
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section id="levels" title={t("partner.levelsTitle")} lead={t("partner.levelsLead")} tinted>
        <CardGrid columns={4}>
          {PARTNERSHIP_LEVELS.map((level) => (
            <Card key={level.id} title={t(`partner.levels.${level.id}.title`)}>
              <p className="text-2xl font-extrabold text-accent-800 dark:text-accent-200">
                {t("partner.levelAmount", { amount: format.money(level.minimumCents) })}
              </p>
              <CheckList items={asList(t(`partner.levels.${level.id}.benefits`, { returnObjects: true }))} />
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section id="benefits" title={t("partner.benefitsTitle")}>
        <CheckList className="mt-6 text-lg" items={asList(t("partner.benefits", { returnObjects: true }))} />
      </Section>
      <Section id="process" title={t("partner.processTitle")} tinted>
        <Steps
          steps={PARTNER_STEPS.map((step) => ({
            title: t(`partner.process.${step}.title`),
            text: t(`partner.process.${step}.text`),
          }))}
        />
      </Section>
      {loaderData.prospects.length > 0 ? (
        <Section id="prospects" title={t("partner.prospectsTitle")} lead={t("partner.prospectsLead")}>
          {/* Below 640 px the table reflows into one block per partner, each value with its column's
            name, so nothing is cut and nothing scrolls sideways (docs/decisions/025-one-set-of-facts.md). */}
          <div className="mt-6">
            <table className="w-full text-left lt-sm:block">
              <caption className="sr-only">{t("partner.tableCaption")}</caption>
              <thead className="lt-sm:sr-only">
                <tr className="border-b-2 border-gray-300 dark:border-gray-600">
                  <th scope="col" className="py-3 pr-4">
                    {t("labels.type")}
                  </th>
                  <th scope="col" className="py-3 pr-4">
                    {t("labels.contribution")}
                  </th>
                  <th scope="col" className="py-3">
                    {t("labels.status")}
                  </th>
                </tr>
              </thead>
              <tbody className="lt-sm:block">
                {loaderData.prospects.map((prospect) => (
                  <tr
                    key={prospect.id}
                    className="border-b border-gray-200 dark:border-gray-700 lt-sm:block lt-sm:py-3"
                  >
                    <th scope="row" className="py-3 pr-4 font-semibold lt-sm:block lt-sm:py-1">
                      {prospect.name}
                      <span className="block text-sm font-normal text-gray-700 dark:text-gray-300">
                        {t(`partner.typeNames.${prospect.kind}`)}
                      </span>
                    </th>
                    <td className="py-3 pr-4 lt-sm:block lt-sm:py-1">
                      <span className="font-semibold sm:hidden">{t("labels.contribution")}: </span>
                      {prospect.contribution}
                    </td>
                    <td className="py-3 lt-sm:block lt-sm:py-1">
                      <span className="font-semibold sm:hidden">{t("labels.status")}: </span>
                      <span
                        className={`whitespace-nowrap rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[prospect.status]}`}
                      >
                        {t(`partner.statuses.${prospect.status}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Section>
      ) : null}
      <FormSlot id="partner-form" title={t("partner.formTitle")} intro={t("partner.formIntro")}>
        <PartnerForm headingLevel={3} />
      </FormSlot>
    </>
  );
}
