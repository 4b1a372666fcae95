import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { asList } from "~/lib/format";
import { Card, CardGrid, LinkButtons, Section } from "~/components/pages/ui";
import { ActionName } from "~/components/ui/action-name";
import { pageMeta, usePageSeo } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/services";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["programs"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

type Service = { title: string; text: string; link: string };

export default function ServicesPage() {
  const { t } = useTranslation("programs");
  const heading = usePageSeo()?.heading;
  return (
    <>
      <PageHeader lead={t("services.lead")} />
      <div className="container-page py-12">
        <h2 className="sr-only">{heading}</h2>
        <CardGrid>
          {asList<Service>(t("services.list", { returnObjects: true })).map((service) => (
            <Card key={service.title} title={service.title}>
              <p>{service.text}</p>
              <Link to={service.link} className="link mt-auto self-start font-semibold">
                <ActionName words={t("services.linkLabel")} subject={service.title} />
              </Link>
            </Card>
          ))}
        </CardGrid>
      </div>
      <Section id="families" title={t("services.familiesTitle")} lead={t("services.families")} tinted>
        <LinkButtons links={[{ to: "/contact", label: t("services.contact") }]} />
      </Section>
    </>
  );
}
