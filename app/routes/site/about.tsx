import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { asList, useFormat } from "~/lib/format";
import { Paragraphs, Section, StatList } from "~/components/pages/ui";
import { YEAR_ONE } from "~/content/figures";
import { pageMeta } from "~/lib/seo";
import { getOrganization } from "~/server/content/organization.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/about";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["about", "meta"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export async function loader(args: Route.LoaderArgs) {
  const facts = await getOrganization(env);
  return { seo: sitePageSeo(args), foundingYear: facts?.foundingYear ?? null };
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  const format = useFormat();
  const { foundingYear } = loaderData;
  return (
    <>
      <PageHeader lead={foundingYear ? t("about.lead", { year: foundingYear }) : t("about.leadNoYear")} />
      <Section id="who" title={t("about.whoTitle")}>
        <Paragraphs className="mt-4 max-w-3xl" items={asList(t("about.who", { returnObjects: true }))} />
      </Section>
      <Section id="numbers" title={t("about.numbersTitle")} tinted>
        <StatList
          stats={[
            { value: `${format.number(YEAR_ONE.youth)}+`, label: t("about.numbers.youth") },
            { value: "6", label: t("about.numbers.programs") },
            { value: format.money(YEAR_ONE.budgetCents), label: t("about.numbers.budget") },
            { value: "85%", label: t("about.numbers.funds") },
          ]}
        />
      </Section>
      <Section id="more" title={t("about.moreTitle")}>
        <ul className="mt-6 grid gap-4 md:grid-cols-3">
          {(["mission", "team", "history"] as const).map((page) => (
            <li key={page}>
              <Link
                to={`/${page}`}
                className="focus-ring block h-full rounded-xl border-2 border-accent-200 p-6 no-underline hover:border-accent-600 dark:border-gray-700 dark:hover:border-accent-300"
              >
                <span className="block text-xl font-bold text-accent-800 dark:text-accent-200">
                  {t(`meta:pages.${page}.title`)}
                </span>
                <span className="mt-1 block text-gray-700 dark:text-gray-300">{t(`about.more.${page}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
