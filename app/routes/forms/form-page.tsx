import { useTranslation } from "react-i18next";
import { Link, useActionData, useLoaderData } from "react-router";
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
import type { FormId } from "~/lib/forms/definition";
import type { GivingOption } from "~/lib/forms/public-form-schemas";
import { pageMeta } from "~/lib/seo";
import type { formPageLoader } from "~/server/form-page.server";

/**
 * /forms/X (app/routes.ts): every public form on a page of its own. Each form's route module
 * (routes/forms/<form>.tsx) names its form and renders this page; its action is the one the
 * form's embedded copies post to. Without JavaScript the answer renders here: errors with the
 * typed values kept, or the success page.
 */
export const handle = { i18n: ["forms"] };
export const meta = pageMeta;

/** A rate-limited post keeps its Retry-After (React Router only sends headers a route passes on). */
export function headers({ actionHeaders }: { actionHeaders: Headers }) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

/** Forms about a child's place point to the sessions open for places, asked for online (decision 054). */
const SESSIONS_OF_FORM: Partial<Record<FormId, string>> = {
  enrollment: "/programs#sessions",
  education: "/education#sessions",
  athletics: "/athletics#sessions",
};

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

/** Re-exported by each form's route module, so it reads its data through hooks, not props. */
export default function FormPage() {
  const { t } = useTranslation("forms");
  const loaderData = useLoaderData<typeof formPageLoader>();
  const { formId } = loaderData;
  const result = useActionData() as FormActionData | undefined;
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
          <>
            {SESSIONS_OF_FORM[formId] ? (
              <p className="mb-6">
                <Link to={SESSIONS_OF_FORM[formId]} className="link font-semibold">
                  {t("sessionsPointer")}
                </Link>
              </p>
            ) : null}
            <FormFor
              formId={formId}
              result={result}
              // After a post without JavaScript the URL has lost ?variant=; the post still says it.
              variant={result?.result.initialValue?.variant === "modal" ? "modal" : loaderData.variant}
              option={loaderData.option}
            />
          </>
        )}
      </div>
    </>
  );
}
