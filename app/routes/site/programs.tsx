import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ProgramCard } from "~/components/pages/program-card";
import { Card, CardGrid, FormSlot, Section } from "~/components/pages/ui";
import { PROGRAMS } from "~/content/programs";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/programs";
import { SessionList } from "~/components/families/session-list";
import { loadProgramPage } from "~/server/families/program-page.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["programs", "meta", "families"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return loadProgramPage(args, null);
}

export default function ProgramsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("programs");
  return (
    <>
      <PageHeader lead={t("programs.overviewLead")} />
      <Section id="pillars" title={t("programs.pillarsTitle")}>
        <CardGrid>
          {(["education", "athletics", "mentorship"] as const).map((pillar) => (
            <Card key={pillar} title={t(`meta:pages.${pillar}.title`)}>
              <p>{t(`programs.pillars.${pillar}`)}</p>
              <Link to={`/${pillar}`} className="link mt-auto self-start font-semibold">
                {t("labels.learnMore", { program: t(`meta:pages.${pillar}.title`) })}
              </Link>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section id="all-programs" title={t("programs.overviewTitle")} tinted>
        <CardGrid>
          {PROGRAMS.map((program) => (
            <ProgramCard key={program.id} program={program} badges={loaderData.badges} />
          ))}
        </CardGrid>
      </Section>
      <SessionList sessions={loaderData.sessions} locale={loaderData.locale} />
      {/* form slot: enrollment */}
      <FormSlot
        id="enroll"
        title={t("programs.enrollTitle")}
        intro={t("programs.enrollIntro")}
        href="/forms/enrollment"
        action={t("programs.enrollAction")}
      />
    </>
  );
}
