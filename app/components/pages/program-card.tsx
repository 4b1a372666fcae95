import { useTranslation } from "react-i18next";
import { Card, Facts } from "~/components/pages/ui";
import { programBadge, type Program, type ProgramBadges } from "~/content/programs";
import { newYorkDate } from "~/lib/format";

/** A program's badge in words, relative to today in New York (programBadge); none when staff set none. */
export function useProgramBadge(badges: ProgramBadges): (program: Program) => string | undefined {
  const { t } = useTranslation("programs");
  const today = newYorkDate();
  return (program) => {
    const set = badges[program.id];
    if (!set) return undefined;
    const badge = programBadge(set, today);
    return t(`status.${badge.key}`, { year: badge.year });
  };
}

/** One program's card, as /programs lists them all and /athletics its sports. */
export function ProgramCard({ program, badges }: { program: Program; badges: ProgramBadges }) {
  const { t } = useTranslation("programs");
  const badge = useProgramBadge(badges);
  return (
    <Card title={t(`list.${program.id}.title`)} badge={badge(program)}>
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
