import { defineConfig, presetWind3, type Preflight } from "unocss";
import type { Theme } from "unocss/preset-mini";

/** Every accent palette a page can take (docs/product.md §2, "Page colour themes by path"). */
const ACCENTS = ["emerald", "blue", "purple", "orange", "pink", "indigo", "cyan", "green", "red", "gray"];
const SHADES = [50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 950];

// Pages pick a palette with data-accent; components use accent-* colours that read these variables.
const accentPreflight: Preflight<Theme> = {
  getCSS: ({ theme }) =>
    ACCENTS.map((name) => {
      const palette = theme.colors?.[name] as Record<string, string>;
      const vars = SHADES.map((shade) => `--accent-${shade}:${palette[shade]};`).join("");
      return `[data-accent="${name}"]{${vars}}`;
    }).join("\n"),
};

export default defineConfig<Theme>({
  presets: [presetWind3({ dark: "class" })],
  content: {
    pipeline: { include: [/\.(tsx?|jsx?)($|\?)/, /\.html$/] },
  },
  theme: {
    colors: {
      accent: Object.fromEntries(SHADES.map((shade) => [shade, `var(--accent-${shade})`])),
    },
  },
  preflights: [accentPreflight],
  shortcuts: {
    "focus-ring":
      "outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-accent-700 dark:focus-visible:outline-accent-300",
    "tap-target": "min-h-11 min-w-11",
    // The header's, footer's and theme switcher's repeated controls (decision 027: less markup).
    "nav-top-link":
      "tap-target focus-ring flex items-center rounded-lg px-3 font-medium text-gray-800 no-underline hover:bg-gray-100 aria-[current=page]:text-accent-800 dark:text-gray-100 dark:hover:bg-gray-800 dark:aria-[current=page]:text-accent-200",
    "nav-menu-link":
      "tap-target focus-ring flex items-center rounded-lg px-3 py-2 text-gray-800 no-underline hover:bg-gray-100 aria-[current=page]:font-bold dark:text-gray-100 dark:hover:bg-gray-800",
    "footer-link":
      "focus-ring tap-target inline-flex items-center rounded text-gray-700 no-underline hover:text-accent-800 hover:underline dark:text-gray-300 dark:hover:text-accent-200",
    "theme-option":
      "tap-target focus-ring inline-flex items-center justify-center rounded-md text-gray-700 hover:bg-gray-100 aria-pressed:bg-accent-700 aria-pressed:text-white dark:text-gray-200 dark:hover:bg-gray-800 dark:aria-pressed:bg-accent-300 dark:aria-pressed:text-gray-950",
    // Decision 031: the other repeated lists of the header, footer and language selector.
    "summary-plain": "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
    "menu-panel":
      "absolute z-50 mt-2 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-700 dark:bg-gray-900",
    "language-summary":
      "tap-target focus-ring flex items-center gap-1.5 rounded-lg px-2 text-sm font-medium hover:bg-gray-100 dark:hover:bg-gray-800 summary-plain",
    "language-option":
      "tap-target focus-ring flex items-center gap-3 rounded-lg px-3 py-2 text-gray-900 no-underline hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800",
    // Decision 042: the check mark before each item of a CheckList, dozens on the events page.
    "check-mark": "mt-1 h-4 w-4 flex-none text-accent-700 dark:text-accent-300",
    "footer-heading": "text-sm font-bold uppercase tracking-wide text-gray-900 dark:text-white",
    btn: "tap-target focus-ring inline-flex items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold no-underline transition-colors disabled:cursor-not-allowed disabled:opacity-60",
    "btn-primary":
      "btn bg-accent-700 text-white hover:bg-accent-800 dark:bg-accent-300 dark:text-gray-950 dark:hover:bg-accent-200",
    "btn-secondary":
      "btn border-2 border-accent-700 text-accent-800 hover:bg-accent-50 dark:border-accent-300 dark:text-accent-200 dark:hover:bg-gray-800",
    "btn-donate":
      "btn bg-red-700 text-white hover:bg-red-800 dark:bg-red-300 dark:text-gray-950 dark:hover:bg-red-200",
    link: "focus-ring rounded text-accent-800 underline underline-offset-2 hover:text-accent-900 dark:text-accent-200 dark:hover:text-accent-100",
    "container-page": "mx-auto w-full max-w-6xl px-4 sm:px-6",
  },
});
