import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList } from "~/lib/format";
import { CheckList } from "~/components/pages/check-list";
import { Card, CardGrid, Section } from "~/components/pages/ui";
import { VALUES } from "~/content/about";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/mission";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["about"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

export default function MissionPage() {
  const { t } = useTranslation("about");
  return (
    <>
      <PageHeader lead={t("mission.mission")} />
      <Section id="vision" title={t("mission.visionTitle")} lead={t("mission.vision")} />
      <Section id="values" title={t("mission.valuesTitle")} tinted>
        <CardGrid>
          {VALUES.map((value) => (
            <Card key={value} title={t(`mission.values.${value}.title`)}>
              <p>{t(`mission.values.${value}.text`)}</p>
            </Card>
          ))}
        </CardGrid>
      </Section>
      <Section id="goals" title={t("mission.goalsTitle")}>
        <CheckList className="mt-6 text-lg" items={asList(t("mission.goals", { returnObjects: true }))} />
      </Section>
    </>
  );
}
