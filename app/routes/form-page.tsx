import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { AthleticsForm } from "~/components/forms/athletics-form";
import { ContactForm } from "~/components/forms/contact-form";
import { EducationForm } from "~/components/forms/education-form";
import { EnrollmentForm } from "~/components/forms/enrollment-form";
import { FundraisingTeamForm } from "~/components/forms/fundraising-team-form";
import { GetInvolvedForm } from "~/components/forms/get-involved-form";
import { GivingInfoForm } from "~/components/forms/giving-info-form";
import { MentoringForm } from "~/components/forms/mentoring-form";
import { PartnerForm } from "~/components/forms/partner-form";
import { SuccessPanel, type FormActionData } from "~/components/forms/submission-form";
import { VolunteerForm } from "~/components/forms/volunteer-form";
import { PageHeader } from "~/components/layout/page-header";
import type { FormDefinition, FormId } from "~/lib/forms/definition";
import { FORMS } from "~/lib/forms/forms";
import { GIVING_OPTION_IDS, type GivingOption } from "~/lib/forms/public-form-schemas";
import { pageMeta } from "~/lib/seo";
import { handleFormSubmission } from "~/server/forms.server";
import { getInstance, getLocale } from "~/server/kernel/i18n.server";
import { pagePathname, pageSeo } from "~/server/seo.server";
import type { Route } from "./+types/form-page";

/**
 * /forms/X (app/routes.ts): every public form on a page of its own, and the action its
 * embedded copies post to. Without JavaScript the answer renders here: errors with the
 * typed values kept, or the success page.
 */
export const handle = { i18n: ["forms"] };
export const meta = pageMeta;

/** A rate-limited post keeps its Retry-After (React Router only sends headers a route passes on). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

function formFor(request: Request): FormDefinition {
  const pathname = pagePathname(request);
  const definition = (Object.values(FORMS) as FormDefinition[]).find((form) => form.path === pathname);
  if (!definition) throw data(null, { status: 404 });
  return definition;
}

export function loader(args: Route.LoaderArgs) {
  const definition = formFor(args.request);
  const t = getInstance(args.context).getFixedT(getLocale(args.context), "forms");
  const search = new URL(args.request.url).searchParams;
  const option = search.get("option");
  return {
    formId: definition.id,
    variant: search.get("variant") === "modal" ? ("modal" as const) : ("page" as const),
    option: GIVING_OPTION_IDS.includes(option as GivingOption) ? (option as GivingOption) : undefined,
    seo: pageSeo(args, definition.id, {
      title: t(`${definition.id}.title`),
      description: t(`${definition.id}.intro`),
    }),
  };
}

export function action(args: Route.ActionArgs) {
  return handleFormSubmission(args, formFor(args.request));
}

function FormFor({
  formId,
  result,
  variant,
  option,
}: {
  formId: FormId;
  result?: FormActionData;
  variant: "modal" | "page";
  option?: GivingOption;
}) {
  switch (formId) {
    case "enrollment":
      return <EnrollmentForm result={result} />;
    case "education":
      return <EducationForm result={result} />;
    case "athletics":
      return <AthleticsForm result={result} />;
    case "mentoring":
      return <MentoringForm result={result} />;
    case "volunteer":
      return <VolunteerForm result={result} variant={variant} />;
    case "getInvolved":
      return <GetInvolvedForm result={result} />;
    case "fundraisingTeam":
      return <FundraisingTeamForm result={result} />;
    case "givingInfo":
      return <GivingInfoForm result={result} option={option} />;
    case "contact":
      return <ContactForm result={result} />;
    case "partner":
      return <PartnerForm result={result} />;
  }
}

export default function FormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("forms");
  const { formId } = loaderData;
  const result = actionData as FormActionData | undefined;
  return (
    <>
      <PageHeader title={t(`${formId}.title`)} lead={t(`${formId}.intro`)} />
      <div className="container-page max-w-3xl py-10">
        {result?.ok ? (
          <SuccessPanel
            title={t(`${formId}.success.title`)}
            message={t(`${formId}.success.message`)}
            action={
              <p className="mt-4">
                <Link to="/" className="link font-semibold">
                  {t("backHome")}
                </Link>
              </p>
            }
          />
        ) : (
          <FormFor
            formId={formId}
            result={result}
            // After a post without JavaScript the URL has lost ?variant=; the post still says it.
            variant={result?.result.initialValue?.variant === "modal" ? "modal" : loaderData.variant}
            option={loaderData.option}
          />
        )}
      </div>
    </>
  );
}
