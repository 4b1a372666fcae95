import { useTranslation } from "react-i18next";
import { MailRequestForm, usePageForm } from "~/components/forms/form-kit";
import { PageHeader } from "~/components/layout/page-header";
import { ManageLinkSchema } from "~/lib/donation";
import { pageMeta } from "~/lib/seo";
import { requestManageLink } from "~/server/donations/manage.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { answerMailRequest } from "~/server/page-form.server";
import { pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/manage";

export const handle = { i18n: ["donate"] };
export const meta = pageMeta;

export function loader(args: Route.LoaderArgs) {
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "donate");
  const expired = new URL(args.request.url).searchParams.has("expired");
  return {
    seo: pageSeo(args, "donate", { title: t("manage.title"), description: t("manage.lead") }),
    expired,
  };
}

export function action(args: Route.ActionArgs) {
  // The answer is the same whether or not the address has given: nothing to learn from it.
  return answerMailRequest(args, ManageLinkSchema, ({ email }, env) =>
    requestManageLink(env, email, getLocale(args.context)),
  );
}

export default function ManageRequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("donate");
  const { form, fields, pending } = usePageForm({
    id: "manage-link",
    schema: ManageLinkSchema,
    answer: actionData,
  });
  return (
    <PageHeader title={t("manage.title")} lead={t("manage.lead")}>
      <div className="mt-8 max-w-xl space-y-4">
        {loaderData.expired ? (
          <div
            role="alert"
            className="rounded-xl border-l-8 border-red-700 bg-white p-4 dark:border-red-300 dark:bg-gray-950"
          >
            <p className="font-bold">{t("manage.invalidTitle")}</p>
            <p>{t("manage.invalid")}</p>
          </div>
        ) : null}
        <MailRequestForm
          form={form}
          email={fields.email}
          labels={{ email: t("manage.email"), send: t("manage.send"), sending: t("manage.sending") }}
          sentMessage={actionData?.sent ? t("manage.sent") : null}
          pending={pending}
        />
      </div>
    </PageHeader>
  );
}
