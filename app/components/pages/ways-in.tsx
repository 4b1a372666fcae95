import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardGrid } from "./ui";

/**
 * Cards that each name a way to take part, say a sentence about it and link to its page ("Go to
 * …"): /get-involved's ways and /join's options, their words under `involve:<words>.<id>`.
 */
export function WaysIn({
  ways,
  words,
  linkClassName,
}: {
  ways: readonly { id: string; to: string }[];
  words: "getInvolved.ways" | "join.options";
  linkClassName: string;
}) {
  const { t } = useTranslation("involve");
  return (
    <CardGrid>
      {ways.map((way) => (
        <Card key={way.id} title={t(`${words}.${way.id}.title`)}>
          <p>{t(`${words}.${way.id}.text`)}</p>
          <Link to={way.to} className={`${linkClassName} mt-auto self-start`}>
            {t("join.go", { page: t(`${words}.${way.id}.title`) })}
          </Link>
        </Card>
      ))}
    </CardGrid>
  );
}
