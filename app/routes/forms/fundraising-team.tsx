import { FORMS } from "~/lib/forms/forms";
import type { Route } from "./+types/fundraising-team";
import { formPageLoader } from "~/server/form-page.server";
import { handleFormSubmission } from "~/server/forms.server";

export { default, handle, headers, meta } from "./form-page";
export const loader = (args: Route.LoaderArgs) => formPageLoader(args, FORMS.fundraisingTeam);
export const action = (args: Route.ActionArgs) => handleFormSubmission(args, FORMS.fundraisingTeam);
