import { useTranslation } from "react-i18next";
import { Card, Facts } from "~/components/pages/ui";
import type { Program } from "~/content/programs";

/** One program's card, as /programs lists them all and /athletics its sports. */
export function ProgramCard({ program }: { program: Program }) {
  const { t } = useTranslation("programs");
  return (
    <Card title={t(`list.${program.id}.title`)} badge={t(`status.${program.status}`)}>
      <p className="font-semibold text-accent-800 dark:text-accent-200">{t(`list.${program.id}.subtitle`)}</p>
      <p>{t(`list.${program.id}.description`)}</p>
      <Facts
        items={[
          { term: t("labels.ages"), value: t("labels.agesValue", program.ages) },
          { term: t("labels.schedule"), value: t(`list.${program.id}.schedule`) },
          { term: t("labels.impact"), value: t(`list.${program.id}.impact`) },
        ]}
      />
    </Card>
  );
}
