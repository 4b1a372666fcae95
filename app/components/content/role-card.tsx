import { useTranslation } from "react-i18next";
import { Card, Facts } from "~/components/pages/ui";
import type { InLanguage } from "~/lib/content/entry-types";

const FACTS = ["commitment", "schedule", "skills", "requirements", "impact"] as const;

/**
 * One volunteer role as /volunteer shows it (and as the editor's preview shows it), decision 029.
 * A role with upcoming shifts counts its spots from their places left (decision 055).
 */
export function RoleCard({
  role,
  placesLeft,
}: {
  /** The role in the page's language (`inLanguage`). */
  role: InLanguage<"role">;
  placesLeft?: number;
}) {
  const { t } = useTranslation("involve");
  const { fields } = role;
  const spots = placesLeft ?? fields.spots;
  const subtitle = fields.subtitle;
  return (
    <Card title={fields.title} badge={spots === null ? undefined : t("labels.spots", { count: spots })}>
      {subtitle ? <p className="font-semibold text-accent-800 dark:text-accent-200">{subtitle}</p> : null}
      <p>{fields.description}</p>
      <Facts
        items={[
          ...(fields.minAge === null
            ? []
            : [{ term: t("labels.minAge"), value: t("labels.minAgeValue", { age: fields.minAge }) }]),
          ...FACTS.map((name) => ({
            term: t(`labels.${name}`),
            value: fields[name],
          })).filter((fact) => fact.value),
        ]}
      />
    </Card>
  );
}
