import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/page-header";
import { asList } from "~/lib/format";
import { CheckList } from "~/components/pages/check-list";
import { CardGrid, FormSlot, Section, Steps } from "~/components/pages/ui";
import { VOLUNTEER_STEPS } from "~/content/involve";
import { MENTORING_AGE_WORDS } from "~/content/figures";
import { pageMeta } from "~/lib/seo";
import { RoleCard } from "~/components/content/role-card";
import { ShiftCard } from "~/components/volunteers/shift-card";
import { volunteerRolesPage } from "~/server/volunteers/pages.server";
import { requestLocale } from "~/server/kernel/i18n.server";
import { sitePageSeo } from "~/server/seo.server";
import type { Route } from "./+types/volunteer";
import { VolunteerForm } from "~/components/forms/volunteer-form";
import { env } from "~/server/kernel/env.server";

export const handle = { i18n: ["involve", "forms", "volunteers"] };
export const meta = pageMeta;

/** The published volunteer roles (content type `role`, decision 029) and their upcoming shifts (decision 055). */
export async function loader(args: Route.LoaderArgs) {
  const locale = requestLocale(args.context);
  return { seo: sitePageSeo(args), ...(await volunteerRolesPage(env, locale)), locale };
}

export default function VolunteerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("involve");
  const { t: tv } = useTranslation("volunteers");
  const { roles, shifts, spots, locale } = loaderData;
  return (
    <>
      <PageHeader lead={t("volunteer.lead")} />
      <Section id="roles" title={t("volunteer.rolesTitle")}>
        {roles.length === 0 ? (
          <p className="mt-6 text-lg text-gray-700 dark:text-gray-300">{t("labels.noRoles")}</p>
        ) : (
          <CardGrid>
            {roles.map((role) => (
              <RoleCard key={role.id} role={role} placesLeft={spots[role.slug]} />
            ))}
          </CardGrid>
        )}
      </Section>
      <Section id="shifts" title={tv("shifts.title")}>
        {shifts.length === 0 ? (
          <p className="mt-6 text-lg">{tv("shifts.none")}</p>
        ) : (
          <>
            <p className="mt-4 text-lg">{tv("shifts.howTo")}</p>
            <ul className="mt-6 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {shifts.map((shift) => (
                <ShiftCard key={shift.id} shift={shift} locale={locale} />
              ))}
            </ul>
          </>
        )}
      </Section>
      <Section id="process" title={t("volunteer.processTitle")} tinted>
        <Steps
          steps={VOLUNTEER_STEPS.map((step) => ({
            title: t(`volunteer.process.${step}.title`),
            text: t(`volunteer.process.${step}.text`),
          }))}
        />
      </Section>
      <Section id="requirements" title={t("volunteer.requirementsTitle")}>
        <CheckList
          className="mt-6 text-lg"
          items={asList(t("volunteer.requirements", { returnObjects: true, ...MENTORING_AGE_WORDS }))}
        />
      </Section>
      <FormSlot id="volunteer-form" title={t("volunteer.formTitle")} intro={t("volunteer.formIntro")}>
        <VolunteerForm variant="page" headingLevel={3} />
      </FormSlot>
    </>
  );
}
