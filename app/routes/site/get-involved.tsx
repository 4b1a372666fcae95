import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { FormSlot, Section } from "~/components/pages/ui";
import { WaysIn } from "~/components/pages/ways-in";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/get-involved";
import { GetInvolvedForm } from "~/components/forms/get-involved-form";
import { FundraisingTeamForm } from "~/components/forms/fundraising-team-form";

export const handle = { i18n: ["involve", "forms"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

const WAYS = [
  { id: "volunteer", to: "/volunteer" },
  { id: "mentor", to: "/mentorship" },
  { id: "fundraise", to: "#fundraising-form" },
  { id: "partner", to: "/partner" },
  { id: "give", to: "/give" },
  { id: "events", to: "/events" },
] as const;

export default function GetInvolvedPage() {
  const { t } = useTranslation("involve");
  return (
    <>
      <PageHeader lead={t("getInvolved.lead")} />
      <Section id="ways" title={t("getInvolved.waysTitle")}>
        <WaysIn ways={WAYS} words="getInvolved.ways" linkClassName="link font-semibold" />
      </Section>
      <FormSlot id="get-involved-form" title={t("getInvolved.formTitle")} intro={t("getInvolved.formIntro")}>
        <GetInvolvedForm headingLevel={3} />
      </FormSlot>
      <FormSlot
        id="fundraising-form"
        title={t("getInvolved.fundraisingTitle")}
        intro={t("getInvolved.fundraisingIntro")}
      >
        <FundraisingTeamForm headingLevel={3} />
      </FormSlot>
    </>
  );
}
