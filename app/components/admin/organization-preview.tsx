import { useTranslation } from "react-i18next";
import { localized, type OrganizationFields } from "~/lib/content/entry-types";
import { textLines, useFormat } from "~/lib/format";
import { formatCalendarDate } from "~/lib/format-dates";
import { addressLine, phoneDisplay, socialProfiles } from "~/lib/organization";

/**
 * The saved facts as the public site states them (decision 028): contact lines as in the footer
 * and on /contact, the office hours in this page's language, the legal line of the receipts and
 * the campaign the goal bar counts.
 */
export function OrganizationPreview({ facts, locale }: { facts: OrganizationFields; locale: string }) {
  const { t } = useTranslation("admin");
  const format = useFormat();
  const rows: [string, React.ReactNode][] = [
    [t("entries.fields.legalName"), `${facts.legalName} (EIN ${facts.ein})`],
    [t("entries.fields.email"), facts.email],
    [t("entries.fields.phone"), phoneDisplay(facts.phone)],
    [t("entries.facts.address"), addressLine(facts)],
    [
      t("entries.fields.officeHours"),
      textLines(localized(facts.officeHours, locale)).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      )),
    ],
    [
      t("entries.facts.social"),
      socialProfiles(facts).map((profile) => (
        <span key={profile.id} className="block break-all">
          {profile.url}
        </span>
      )),
    ],
    [
      t("entries.facts.goal"),
      t("entries.facts.campaign", {
        goal: format.money(facts.goalCents),
        start: formatCalendarDate(facts.campaignStart, format.locale),
        end: formatCalendarDate(facts.campaignEnd, format.locale),
      }),
    ],
    [t("entries.fields.foundingYear"), String(facts.foundingYear)],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
