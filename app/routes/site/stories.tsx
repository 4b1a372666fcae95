import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { LinkButtons, Section } from "~/components/pages/ui";
import { StoryCard } from "~/components/content/story-card";
import { inLanguage } from "~/lib/content/entry-types";
import { pageMeta } from "~/lib/seo";
import { listPublished } from "~/server/content/entries.server";
import { getLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/stories";
import { env } from "~/server/kernel/env.server";
import type { PageHandle } from "~/components/layout/page-handle";

export const handle = { i18n: ["impact"], hydrate: false } satisfies PageHandle;
export const meta = pageMeta;

/** Success stories are staff-edited records (decision 020), newest first. */
export async function loader(args: Route.LoaderArgs) {
  const locale = getLocale(args.context);
  const stories = [...(await listPublished(env, "story"))]
    .reverse()
    .map((story) => inLanguage(story, locale));
  return { seo: sitePageSeo(args), stories };
}

export default function StoriesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("impact");
  const { stories } = loaderData;
  return (
    <>
      <PageHeader lead={t("stories.lead")} />
      <div className="container-page grid gap-6 py-12 md:grid-cols-2">
        {stories.map((story) => (
          <StoryCard key={story.id} story={story} />
        ))}
      </div>
      <Section id="share" title={t("stories.shareTitle")} lead={t("stories.shareText")} tinted>
        <LinkButtons links={[{ to: "/contact", label: t("stories.shareAction") }]} />
      </Section>
    </>
  );
}
