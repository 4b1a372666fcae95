import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ButtonRow, Section } from "~/components/pages/ui";
import { TEAM } from "~/content/about";
import { pageMeta } from "~/lib/seo";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/team";

export const handle = { i18n: ["about", "meta"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  return { seo: sitePageSeo(args) };
}

function Members({ group }: { group: "staff" | "board" }) {
  const { t } = useTranslation("about");
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {TEAM.filter((member) => member.group === group).map((member) => (
        <li key={member.id} className="flex gap-4 rounded-xl border border-gray-200 p-5 dark:border-gray-700">
          <span
            aria-hidden="true"
            className="flex h-14 w-14 flex-none items-center justify-center rounded-full bg-accent-700 text-lg font-bold text-white dark:bg-accent-300 dark:text-gray-950"
          >
            {member.initials}
          </span>
          <div>
            <h3 className="text-lg font-bold">{t(`team.members.${member.id}.name`)}</h3>
            <p className="font-semibold text-accent-800 dark:text-accent-200">
              {t(`team.members.${member.id}.role`)}
            </p>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{t(`team.members.${member.id}.bio`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function TeamPage() {
  const { t } = useTranslation("about");
  return (
    <>
      <PageHeader title={t("meta:pages.team.title")} lead={t("team.lead")} />
      <Section id="staff" title={t("team.staffTitle")}>
        <Members group="staff" />
      </Section>
      <Section id="board" title={t("team.boardTitle")} tinted>
        <Members group="board" />
      </Section>
      <Section id="join" title={t("team.joinTitle")} lead={t("team.joinText")}>
        <ButtonRow>
          <Link to="/join-our-team" className="btn-primary">
            {t("team.jobs")}
          </Link>
          <Link to="/volunteer" className="btn-secondary">
            {t("team.volunteer")}
          </Link>
        </ButtonRow>
      </Section>
    </>
  );
}
