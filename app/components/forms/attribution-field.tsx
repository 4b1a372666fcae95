import { useRouteLoaderData } from "react-router";
import { ATTRIBUTION_FIELD } from "~/lib/attribution";
import type { loader as rootLoader } from "~/root";

/**
 * The visit's campaign and referring site (decision 056), read by the root loader from the
 * request that rendered the page (`pageAttribution`), posted with a public form in a hidden field:
 * no cookie, and it works without JavaScript. Nothing when the visit has none.
 */
export function AttributionField() {
  const attribution = useRouteLoaderData<typeof rootLoader>("root")?.attribution;
  return attribution ? <input type="hidden" name={ATTRIBUTION_FIELD} value={attribution} /> : null;
}
