import { useTranslation } from "react-i18next";

/** A volunteer's hours per role ("Tutor: 2 hours (1 shift)"), on their page and on staff's (decision 055). */
export function HoursByRole({
  lines,
}: {
  lines: { roleSlug: string; role: string; hours: number; shifts: number }[];
}) {
  const { t } = useTranslation("volunteers");
  return (
    <ul className="mt-2 list-disc ps-6">
      {lines.map((line) => (
        <li key={line.roleSlug}>
          {t("me.hoursLine", { role: line.role, hours: line.hours, count: line.shifts })}
        </li>
      ))}
    </ul>
  );
}
