import { useTranslation } from "react-i18next";
import { SelectField } from "~/components/forms/fields";
import { MailRequestForm, usePageForm } from "~/components/forms/form-kit";
import { PageHeader } from "~/components/layout/page-header";
import { StatementSchema, statementYears } from "~/lib/donation";
import { pageMeta } from "~/lib/seo";
import { queueYearEndStatement } from "~/server/donations/statement.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { answerMailRequest } from "~/server/page-form.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/statement";

export const handle = { i18n: ["donate"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "donate");
  const years = statementYears();
  // In January the year just ended is the one people want.
  const suggested = new Date().getUTCMonth() < 3 && years[1] ? years[1] : years[0]!;
  return {
    seo: pageSeo(args, "donate", { title: t("statement.title"), description: t("statement.lead") }),
    years,
    suggested,
  };
}

export function action(args: Route.ActionArgs) {
  // Mailed only to the address typed and only if it gave that year; the answer is the same.
  return answerMailRequest(args, StatementSchema, ({ email, year }, env) =>
    queueYearEndStatement(env, email, Number(year), getLocale(args.context)),
  );
}

export default function StatementPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const { form, fields, pending } = usePageForm({
    id: "statement",
    schema: StatementSchema,
    answer: actionData,
    defaultValue: { year: loaderData.suggested },
  });
  return (
    <PageHeader title={t("statement.title")} lead={t("statement.lead")}>
      <div className="mt-8 max-w-xl space-y-4">
        <MailRequestForm
          form={form}
          email={fields.email}
          labels={{ email: t("statement.email"), send: t("statement.send"), sending: t("statement.sending") }}
          sentMessage={actionData?.sent ? t("statement.sent") : null}
          pending={pending}
        >
          <SelectField
            meta={fields.year}
            label={t("statement.year")}
            required
            options={loaderData.years.map((year) => ({ value: year, label: year }))}
          />
        </MailRequestForm>
      </div>
    </PageHeader>
  );
}
