import type { GivingOption } from "~/lib/forms/public-form-schemas";
import { givingInfoForm } from "~/lib/forms/forms";
import { SubmissionForm, type FormActionData } from "./submission-form";

/**
 * The giving-option info request of the give page. `option` preselects the way of giving the
 * dialog is about (the amount's minimum depends on it). Posts to /forms/giving-info.
 */
export function GivingInfoForm({
  option,
  result,
  headingLevel,
}: {
  option?: GivingOption;
  result?: FormActionData;
  headingLevel?: 2 | 3;
}) {
  return (
    <SubmissionForm
      definition={givingInfoForm}
      defaultValue={option ? { option } : undefined}
      result={result}
      headingLevel={headingLevel}
    />
  );
}
