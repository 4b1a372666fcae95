import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { ButtonRow, Section } from "~/components/pages/ui";
import { pageMeta } from "~/lib/seo";
import type { TeamGroup } from "~/lib/vocabulary";
import { listTeam } from "~/server/files/team.server";
import { getRequestContext } from "~/server/kernel/context.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/team";

export const handle = { i18n: ["about", "meta"] };
export const meta = pageMeta;

/** "Ana María Ruiz" → "AR": shown when a member has no photo. */
const initials = (name: string) => {
  const words = name.trim().split(/\s+/);
  return [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => word?.[0]?.toLocaleUpperCase() ?? "")
    .join("");
};

/** The team staff keep at /admin/team, in the visitor's language (decision 021). */
export async function loader(args: Route.LoaderArgs) {
  const spanish = requestLocale(args.context) === "es";
  const team = await listTeam(getRequestContext(args.context).env);
  return {
    seo: sitePageSeo(args),
    team: team.map((member) => ({
      id: member.id,
      group: member.group,
      name: member.name,
      initials: initials(member.name),
      role: spanish ? member.roleEs : member.roleEn,
      bio: spanish ? member.bioEs : member.bioEn,
      photo:
        member.photo?.width && member.photo.height
          ? {
              url: member.photo.url,
              width: member.photo.width,
              height: member.photo.height,
              alt: spanish ? member.photo.altEs : member.photo.altEn,
            }
          : null,
    })),
  };
}

type Member = Route.ComponentProps["loaderData"]["team"][number];

function Members({ members, group }: { members: Member[]; group: TeamGroup }) {
  const { t } = useTranslation("about");
  const listed = members.filter((member) => member.group === group);
  if (listed.length === 0) return <p className="mt-6 text-gray-700 dark:text-gray-300">{t("team.none")}</p>;
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {listed.map((member) => (
        <li key={member.id} className="flex gap-4 rounded-xl border border-gray-200 p-5 dark:border-gray-700">
          {member.photo ? (
            // width and height from the upload's header: the space is kept before the photo loads.
            <img
              src={member.photo.url}
              alt={member.photo.alt}
              width={member.photo.width}
              height={member.photo.height}
              loading="lazy"
              decoding="async"
              className="h-20 w-20 flex-none rounded-full object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex h-14 w-14 flex-none items-center justify-center rounded-full bg-accent-700 text-lg font-bold text-white dark:bg-accent-300 dark:text-gray-950"
            >
              {member.initials}
            </span>
          )}
          <div>
            <h3 className="text-lg font-bold">{member.name}</h3>
            <p className="font-semibold text-accent-800 dark:text-accent-200">{member.role}</p>
            <p className="mt-2 whitespace-pre-line text-gray-700 dark:text-gray-300">{member.bio}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("about");
  return (
    <>
      <PageHeader title={t("meta:pages.team.title")} lead={t("team.lead")} />
      <Section id="staff" title={t("team.staffTitle")}>
        <Members members={loaderData.team} group="staff" />
      </Section>
      <Section id="board" title={t("team.boardTitle")} tinted>
        <Members members={loaderData.team} group="board" />
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
