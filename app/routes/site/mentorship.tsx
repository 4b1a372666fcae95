import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList } from "~/lib/format";
import { CheckList } from "~/components/pages/check-list";
import { Card, CardGrid, FormSlot, Quote, Section, StatList, Steps } from "~/components/pages/ui";
import { MENTORING_AGE_WORDS, MENTORING_AGES, YEAR_ONE } from "~/content/figures";
import { MENTORING_FORMATS } from "~/content/programs";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/mentorship";
import { MentoringForm } from "~/components/forms/mentoring-form";
import { SessionList } from "~/components/families/session-list";
import { openSessions } from "~/server/families/sessions.server";
import { env } from "~/server/kernel/env.server";
import { requestLocale } from "~/server/kernel/i18n.server";

export const handle = { i18n: ["programs", "forms", "families"] };
export const meta = pageMeta;

/** The open mentorship sessions with their places (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  return { seo: sitePageSeo(args), sessions: await openSessions(env, locale, "mentorship"), locale };
}

type Testimonial = { quote: string; author: string; role: string };

export default function MentorshipPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("programs");
  return (
    <>
      <PageHeader lead={t("mentorship.lead")}>
        <StatList
          stats={[
            { value: `${YEAR_ONE.mentorPairs}+`, label: t("mentorship.stats.pairs") },
            { value: `${YEAR_ONE.matchSuccess}%`, label: t("mentorship.stats.match") },
            { value: "12", label: t("mentorship.stats.months") },
            { value: `${MENTORING_AGES.adultMentor.min}+`, label: t("mentorship.stats.age") },
          ]}
        />
      </PageHeader>
      <Section id="formats" title={t("mentorship.formatsTitle")}>
        <CardGrid>
          {MENTORING_FORMATS.map((format) => (
            <Card key={format.id} title={t(`mentorship.formats.${format.id}.title`)}>
              <p>{t(`mentorship.formats.${format.id}.text`, MENTORING_AGE_WORDS)}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section id="how" title={t("mentorship.howTitle")} tinted>
        <Steps steps={asList(t("mentorship.how", { returnObjects: true }))} />
      </Section>
      <Section id="qualities" title={t("mentorship.qualitiesTitle")}>
        <CheckList
          className="mt-6 text-lg"
          items={asList(t("mentorship.qualities", { returnObjects: true, ...MENTORING_AGE_WORDS }))}
        />
      </Section>
      <Section id="outcomes" title={t("mentorship.outcomesTitle")} tinted>
        <CheckList
          className="mt-6 text-lg"
          items={asList(t("mentorship.outcomes", { returnObjects: true }))}
        />
      </Section>
      <Section id="voices" title={t("mentorship.testimonialsTitle")}>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {asList<Testimonial>(t("mentorship.testimonials", { returnObjects: true })).map((item) => (
            <Quote key={item.author} {...item} />
          ))}
        </div>
      </Section>
      <SessionList sessions={loaderData.sessions} locale={loaderData.locale} />
      <FormSlot id="mentoring-form" title={t("mentorship.formTitle")} intro={t("mentorship.formIntro")}>
        <MentoringForm headingLevel={3} />
      </FormSlot>
    </>
  );
}
