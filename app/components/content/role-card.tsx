import { useTranslation } from "react-i18next";
import { Card, Facts } from "~/components/pages/ui";
import { localized, type Entry } from "~/lib/content/entry-types";

const FACTS = ["commitment", "schedule", "skills", "requirements", "impact"] as const;

/**
 * One volunteer role as /volunteer shows it (and as the editor's preview shows it), decision 029.
 * A role with upcoming shifts counts its spots from their places left (decision 055).
 */
export function RoleCard({
  role,
  locale,
  placesLeft,
}: {
  role: Entry<"role">;
  locale: string;
  placesLeft?: number;
}) {
  const { t } = useTranslation("involve");
  const { fields } = role;
  const spots = placesLeft ?? fields.spots;
  const subtitle = localized(fields.subtitle, locale);
  return (
    <Card
      title={localized(fields.title, locale)}
      badge={spots === null ? undefined : t("labels.spots", { count: spots })}
    >
      {subtitle ? <p className="font-semibold text-accent-800 dark:text-accent-200">{subtitle}</p> : null}
      <p>{localized(fields.description, locale)}</p>
      <Facts
        items={[
          ...(fields.minAge === null
            ? []
            : [{ term: t("labels.minAge"), value: t("labels.minAgeValue", { age: fields.minAge }) }]),
          ...FACTS.map((name) => ({
            term: t(`labels.${name}`),
            value: localized(fields[name], locale),
          })).filter((fact) => fact.value),
        ]}
      />
    </Card>
  );
}
