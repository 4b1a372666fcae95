import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { Card, CardGrid } from "~/components/pages/ui";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/join";

export const handle = { i18n: ["involve"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

const OPTIONS = [
  { id: "volunteer", to: "/volunteer" },
  { id: "mentorship", to: "/mentorship" },
  { id: "partner", to: "/partner" },
  { id: "events", to: "/events" },
  { id: "jobs", to: "/join-our-team" },
  { id: "get-involved", to: "/get-involved" },
] as const;

export default function JoinPage() {
  const { t } = useTranslation("involve");
  return (
    <>
      <PageHeader lead={t("join.lead")} />
      <section aria-labelledby="options" className="container-page py-12">
        <h2 id="options" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {t("join.optionsTitle")}
        </h2>
        <CardGrid>
          {OPTIONS.map((option) => (
            <Card key={option.id} title={t(`join.options.${option.id}.title`)}>
              <p>{t(`join.options.${option.id}.text`)}</p>
              <Link to={option.to} className="btn-secondary mt-auto self-start">
                {t("join.go", { page: t(`join.options.${option.id}.title`) })}
              </Link>
            </Card>
          ))}
        </CardGrid>
      </section>
    </>
  );
}
