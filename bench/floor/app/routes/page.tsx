import { useTranslation } from "react-i18next";
import { Form, useActionData } from "react-router";

export async function action({ request }: { request: Request }) {
  const form = await request.formData();
  return { name: String(form.get("fullName") ?? "") };
}

export default function Page() {
  const { t } = useTranslation();
  const data = useActionData<typeof action>();
  return (
    <main>
      <title>{t("title")}</title>
      <h1>{t("title")}</h1>
      <p>{t("intro", { count: 2 })}</p>
      {data ? <p role="status">{t("thanks", { name: data.name })}</p> : null}
      <Form method="post">
        <input name="fullName" aria-label="Name" />
        <button type="submit">OK</button>
      </Form>
    </main>
  );
}
