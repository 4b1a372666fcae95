import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { WaysIn } from "~/components/pages/ways-in";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/join";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["involve"], hydrate: false } satisfies PageHandle;
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
        <WaysIn ways={OPTIONS} words="join.options" linkClassName="btn-secondary" />
      </section>
    </>
  );
}
