/**
 * The impact calculator's figures, in one place so the organisation can change them here
 * only. Costs are what one unit of a program costs us, in dollars; only the share of a gift
 * that goes to programs (85%, docs/product.md §9) is spent on them.
 */
export const CALCULATOR = {
  presets: [25, 50, 100, 250, 500, 1000],
  defaultAmount: 50,
  programShare: 0.85,
  /** One hour of small-group tutoring for one student. */
  tutoringHourCost: 10,
  /** One month of mentoring for one young person: screening, training, activities, support. */
  mentoringMonthCost: 70,
  /** One three-month athletics season for one child: coach, field time, uniform, equipment. */
  athleticsSeasonCost: 200,
  maxAmount: 1_000_000,
} as const;

export type Frequency = "one-time" | "monthly";

type ImpactResult = {
  amount: number;
  frequency: Frequency;
  yearlyTotal: number;
  programDollars: number;
  tutoringHours: number;
  mentoringMonths: number;
  athleticsSeasons: number;
};

/** What a gift does over a year. Each unit count spends the whole program share on that one thing. */
export function calculateImpact(amount: number, frequency: Frequency): ImpactResult {
  const safe = Number.isFinite(amount) ? Math.min(Math.max(0, Math.round(amount)), CALCULATOR.maxAmount) : 0;
  const yearlyTotal = frequency === "monthly" ? safe * 12 : safe;
  const programDollars = Math.round(yearlyTotal * CALCULATOR.programShare * 100) / 100;
  return {
    amount: safe,
    frequency,
    yearlyTotal,
    programDollars,
    tutoringHours: Math.floor(programDollars / CALCULATOR.tutoringHourCost),
    mentoringMonths: Math.floor(programDollars / CALCULATOR.mentoringMonthCost),
    athleticsSeasons: Math.floor(programDollars / CALCULATOR.athleticsSeasonCost),
  };
}

export function parseFrequency(value: string | null): Frequency {
  return value === "monthly" ? "monthly" : "one-time";
}
