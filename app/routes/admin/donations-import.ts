import { redirect } from "react-router";

/** /admin/donations/import, where gifts were imported before every kind had one import page (decision 069). */
export function loader() {
  return redirect("/admin/imports?kind=gifts", 301);
}
