import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { LinkButtons, Section } from "~/components/pages/ui";
import { pageMeta } from "~/lib/seo";
import type { TeamGroup } from "~/lib/vocabulary";
import { localized } from "~/lib/content/entry-types";
import { TEAM_GROUPS } from "~/lib/vocabulary";
import { listPublished } from "~/server/content/entries.server";
import { withFiles } from "~/server/files/records.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/team";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["about"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

/** "Ana María Ruiz" → "AR": shown when a member has no photo. */
const initials = (name: string) => {
  const words = name.trim().split(/\s+/);
  return [words[0], words.length > 1 ? words.at(-1) : undefined]
    .map((word) => word?.[0]?.toLocaleUpperCase() ?? "")
    .join("");
};

/** The published team members (content type `member`, decisions 020 and 021), by group and order. */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  const members = await withFiles(
    env,
    (await listPublished(env, "member")).toSorted(
      (a, b) =>
        TEAM_GROUPS.indexOf(a.fields.group) - TEAM_GROUPS.indexOf(b.fields.group) ||
        (a.fields.position ?? 999) - (b.fields.position ?? 999) ||
        a.fields.name.localeCompare(b.fields.name),
    ),
    (member) => member.fields.photo,
  );
  return {
    seo: sitePageSeo(args),
    team: members.map(({ item: member, file: photo }) => ({
      id: member.id,
      group: member.fields.group,
      name: member.fields.name,
      initials: initials(member.fields.name),
      role: localized(member.fields.role, locale),
      bio: localized(member.fields.bio, locale),
      photo:
        photo?.width && photo.height
          ? { url: photo.url, width: photo.width, height: photo.height, alt: localized(photo.alt, locale) }
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
      <PageHeader lead={t("team.lead")} />
      <Section id="staff" title={t("team.staffTitle")}>
        <Members members={loaderData.team} group="staff" />
      </Section>
      <Section id="board" title={t("team.boardTitle")} tinted>
        <Members members={loaderData.team} group="board" />
      </Section>
      <Section id="join" title={t("team.joinTitle")} lead={t("team.joinText")}>
        <LinkButtons
          links={[
            { to: "/join-our-team", label: t("team.jobs") },
            { to: "/volunteer", label: t("team.volunteer") },
          ]}
        />
      </Section>
    </>
  );
}
