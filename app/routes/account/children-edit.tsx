import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AuthLayout } from "~/components/account/auth-layout";
import { ChildFields, useChildFieldLabels } from "~/components/families/child-fields";
import { SubmitButton } from "~/components/forms/fields";
import { PageForm, usePageForm } from "~/components/forms/form-kit";
import { ChildSchema } from "~/lib/family-schemas";
import { ownPageHeaders, ownPageMeta } from "~/components/account/own-page";
import { ownPageSeo } from "~/server/auth/seo.server";
import { handleChildEditPost, loadChildEditPage } from "~/server/families/family-page.server";
import type { Route } from "./+types/children-edit";

export const handle = { i18n: ["families"] };

export const meta = ownPageMeta;
export const headers = ownPageHeaders;

/** GET /account/children/:childId: a guardian changes their child's details and health record (decision 054). */
export async function loader(args: Route.LoaderArgs) {
  return {
    seo: ownPageSeo(args, "familyChild", "families", "edit.title"),
    ...(await loadChildEditPage(args)),
  };
}

export function action(args: Route.ActionArgs) {
  return handleChildEditPost(args);
}

export default function ChildEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("families");
  const labels = useChildFieldLabels(loaderData.programYear);
  const { form, fields, pending } = usePageForm({
    id: `child-${loaderData.childId}`,
    schema: ChildSchema,
    answer: actionData,
    defaultValue: loaderData.values,
  });
  return (
    <AuthLayout title={t("edit.title")} lead={t("edit.lead", { child: loaderData.name })} wide>
      <p className="mb-4">{t("children.private")}</p>
      <PageForm form={form} labels={labels} className="space-y-4">
        <ChildFields fields={fields} programYear={loaderData.programYear} />
        <SubmitButton pending={pending} label={t("edit.save")} pendingLabel={t("children.saving")} />
      </PageForm>
      <p className="mt-6">
        <Link to="/account/children" className="link font-semibold">
          {t("edit.back")}
        </Link>
      </p>
    </AuthLayout>
  );
}
