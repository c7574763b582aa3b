import { and, eq, isNull } from "drizzle-orm";
import {
  approveWithMotion,
  createBudget,
  createComponent,
  createFund,
  createTransaction,
  type MovementValues,
  recordMovement,
  setApprovalThreshold,
  setPlannedContribution,
  updateTransaction,
} from "../app/commands/finance.server";
import { passedMotionChoices } from "../app/queries/finance-approval.server";
import {
  addDays,
  type BudgetPeriod,
  type FinanceCategory,
  monthEnd,
  monthStart,
  periodWindow,
  type TransactionStatus,
  type TransactionType,
} from "../domain/finance";
import type { Database } from "./client";
import { associations, financeBudgets, reserveFunds } from "./schema";
import { DEMO_ASSOCIATIONS } from "./seed-associations";

/**
 * The demo financials (README, "Financials"): for each demo association a year of transactions ending
 * today (assessments, utilities, insurance, management, landscaping, repairs, transfers to reserves),
 * two reserve funds with a year of contributions, interest and one withdrawal, a few pending payments (one overdue, some upcoming), and the fiscal
 * year's budgets, one of them near its limit and one over it, and a reserve study of its components. Written through the app's own commands,
 * so each record has its history. An association that has any budget is left as it is, so seeding
 * twice changes nothing. Amounts vary by month without randomness.
 */

interface Plan {
  name: string;
  /** The reserve study: name, useful life, remaining life (years), replacement cost (dollars). */
  components: [string, number, number, number][];
  treasurer: string;
  /** The reserve funds: name, balance a year ago and monthly contribution (dollars, before scale). */
  funds: [string, number, number][];
  /** Monthly owner assessments, in cents. */
  assessments: number;
  scale: number;
}

const PLANS: Plan[] = [
  {
    name: DEMO_ASSOCIATIONS.bayview,
    treasurer: "treasurer@demo.test",
    funds: [
      ["Capital reserve", 300_000, 20_000],
      ["Roof reserve", 120_000, 6_000],
    ],
    assessments: 104_000_00,
    scale: 1,
    components: [
      ["Roof membrane", 20, 6, 420_000],
      ["Elevators (4 cabs)", 25, 9, 680_000],
      ["Parking garage and paving", 15, 4, 160_000],
      ["Pool resurfacing", 12, 2, 95_000],
      ["Exterior painting and sealing", 8, 3, 210_000],
      ["Fire alarm system", 15, 11, 120_000],
    ],
  },
  {
    name: DEMO_ASSOCIATIONS.oakHollow,
    treasurer: "manager@demo.test",
    funds: [
      ["Capital reserve", 300_000, 20_000],
      ["Roads reserve", 120_000, 6_000],
    ],
    assessments: 38_160_00,
    scale: 0.35,
    components: [
      ["Private roads, resurfacing", 20, 7, 540_000],
      ["Clubhouse roof", 22, 12, 85_000],
      ["Community pool", 15, 5, 120_000],
      ["Playground equipment", 12, 1, 45_000],
      ["Perimeter fence", 18, 10, 70_000],
    ],
  },
];

const cents = (dollars: number, plan: Plan) => Math.round(dollars * plan.scale) * 100;
const day = (month: string, d: number) => addDays(month, d - 1);

function todayIn(timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
}

interface Entry {
  type: TransactionType;
  category: FinanceCategory;
  amountCents: number;
  description: string;
  date: string;
  status: TransactionStatus;
}

function yearOfEntries(plan: Plan, today: string): Entry[] {
  const entries: Entry[] = [];
  const monthName = (m: string) =>
    new Date(`${m}T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  for (let back = 11; back >= 0; back--) {
    const month = monthStart(today, -back);
    const wave = [3, 7, 1, 9, 4, 6, 2, 8, 5, 0, 7, 3][Number(month.slice(5, 7)) - 1] ?? 0;
    const summer = isSummer(month);
    const add = (e: Omit<Entry, "status"> & { status?: TransactionStatus }) => {
      if (e.date <= today) entries.push({ status: "completed", ...e });
    };
    add({
      type: "income",
      category: "other",
      amountCents: plan.assessments,
      description: `Owner assessments, ${monthName(month)}`,
      date: day(month, 1),
    });
    add({
      type: "income",
      category: "other",
      amountCents: cents(350 + wave * 40, plan),
      description: "Late fees and clubhouse rentals",
      date: day(month, 15),
    });
    // The operating side of the month's contribution to the reserve funds (seedReserveFunds).
    add({
      type: "expense",
      category: "reserves",
      amountCents: cents(26_000, plan),
      description: `Transfer to reserves, ${monthName(month)}`,
      date: day(month, 2),
    });
    add({
      type: "expense",
      category: "utilities",
      amountCents: cents((summer ? 9_400 : 7_100) + wave * 120, plan) + 37,
      description: "Electricity, common areas (TECO)",
      date: day(month, 8),
    });
    add({
      type: "expense",
      category: "utilities",
      amountCents: cents(3_200 + wave * 45, plan) + 12,
      description: "Water and sewer",
      date: day(month, 12),
    });
    add({
      type: "expense",
      category: "management",
      amountCents: cents(8_000, plan),
      description: "Management fee",
      date: day(month, 5),
    });
    add({
      type: "expense",
      category: "landscaping",
      amountCents: landscapingContract(plan, month),
      description: "Grounds maintenance contract",
      date: day(month, 10),
    });
    add({
      type: "expense",
      category: "maintenance",
      amountCents: cents(2_400 + wave * 310, plan) + 55,
      description: "Elevator service and repairs",
      date: day(month, 18),
    });
    if (Number(month.slice(5, 7)) % 3 === 1)
      add({
        type: "expense",
        category: "insurance",
        amountCents: cents(100_500, plan),
        description: "Property and wind insurance, quarterly premium",
        date: day(month, 20),
      });
    if (back === 2)
      add({
        type: "expense",
        category: "maintenance",
        amountCents: cents(6_900, plan) + 40,
        description: "Pool pump replacement",
        date: day(month, 14),
      });
  }
  // Pending payments: one overdue, three within the next 30 days, one beyond.
  entries.push(
    {
      type: "expense",
      category: "maintenance",
      amountCents: cents(1_850, plan),
      description: "Fire alarm inspection invoice",
      date: addDays(today, -6),
      status: "pending",
    },
    {
      type: "expense",
      category: "insurance",
      amountCents: cents(12_400, plan),
      description: "Flood insurance renewal",
      date: addDays(today, 9),
      status: "pending",
    },
    {
      type: "expense",
      category: "landscaping",
      amountCents: cents(2_250, plan),
      description: "Palm trimming",
      date: addDays(today, 16),
      status: "pending",
    },
    {
      type: "expense",
      category: "utilities",
      amountCents: cents(640, plan),
      description: "Trash and recycling service",
      date: addDays(today, 24),
      status: "pending",
    },
    {
      type: "expense",
      category: "maintenance",
      amountCents: cents(15_800, plan),
      description: "Parking garage sealing",
      date: addDays(today, 52),
      status: "pending",
    },
  );
  return entries;
}

const isSummer = (month: string) => ["06", "07", "08", "09"].includes(month.slice(5, 7));

/** The grounds contract of the month of `date`, in cents. */
const landscapingContract = (plan: Plan, date: string) => cents(isSummer(date) ? 4_850 : 3_600, plan);

function budgetsFor(plan: Plan, today: string, fiscalYearStartMonth: number) {
  const year = periodWindow("current_year", today, fiscalYearStartMonth);
  const yearly = (name: string, category: FinanceCategory, dollars: number) => ({
    name,
    category,
    allocatedCents: cents(dollars, plan),
    period: "yearly" as BudgetPeriod,
    startDate: year.from,
    endDate: year.to,
  });
  return [
    yearly("Utilities", "utilities", 145_000),
    yearly("Insurance", "insurance", 425_000),
    yearly("Management", "management", 96_000),
    yearly("Maintenance and repairs", "maintenance", 60_000),
    yearly("Transfers to reserves", "reserves", 312_000),
    // This month's landscaping, at about 85% of its limit (warning), and the pool pump two months ago,
    // over its budget (exceeded).
    {
      name: "Landscaping, this month",
      category: "landscaping" as FinanceCategory,
      allocatedCents: Math.ceil(landscapingContract(plan, today) / 0.85 / 5_000) * 5_000,
      period: "monthly" as BudgetPeriod,
      startDate: monthStart(today),
      endDate: monthEnd(today),
    },
    {
      name: "Pool repairs",
      category: "maintenance" as FinanceCategory,
      allocatedCents: cents(5_000, plan),
      period: "monthly" as BudgetPeriod,
      startDate: monthStart(today, -2),
      endDate: monthEnd(today, -2),
    },
    yearly("Landscaping", "landscaping", 58_000),
  ];
}

/**
 * The demo reserve funds (decision record 033): each fund's balance a year ago brought forward (an
 * opening balance, not a contribution), its planned monthly contribution, a contribution on the 2nd of every month (the operating books' "Transfer to reserves"), interest at
 * 0.25% of the balance at each month's end, and a roof repair paid from the second fund six months ago.
 */
function fundMovements(plan: Plan, today: string) {
  const monthName = (m: string) =>
    new Date(`${m}T00:00:00Z`).toLocaleString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  return plan.funds.map(([name, opening, monthly], index) => {
    const movements: MovementValues[] = [];
    let balance = 0;
    const add = (m: MovementValues) => {
      if (m.date > today) return;
      movements.push(m);
      balance += m.kind === "withdrawal" ? -m.amountCents : m.amountCents;
    };
    for (let back = 11; back >= 0; back--) {
      const month = monthStart(today, -back);
      if (back === 11)
        add({
          kind: "opening",
          amountCents: cents(opening, plan),
          description: "Balance brought forward",
          date: day(month, 1),
        });
      add({
        kind: "contribution",
        amountCents: cents(monthly, plan),
        description: `Transfer from operating, ${monthName(month)}`,
        date: day(month, 2),
      });
      if (back === 5 && index === 1)
        add({
          kind: "withdrawal",
          amountCents: cents(48_750, plan),
          description: "Roof membrane repair, north section",
          date: day(month, 22),
        });
      add({
        kind: "interest",
        amountCents: Math.round(balance * 0.0025),
        description: `Money market interest, ${monthName(month)}`,
        date: monthEnd(month),
      });
    }
    return { name, movements };
  });
}

async function seedReserveFunds(
  db: Database,
  plan: Plan,
  associationId: string,
  actorId: string,
  today: string,
) {
  const [existing] = await db
    .select({ id: reserveFunds.id })
    .from(reserveFunds)
    .where(eq(reserveFunds.associationId, associationId))
    .limit(1);
  if (!existing) {
    for (const { name, movements } of fundMovements(plan, today)) {
      const fund = await createFund(db, { associationId, actorId, name });
      if (!fund.ok) throw new Error(`The demo fund ${name} was not created: ${fund.message}`);
      for (const values of movements) {
        const done = await recordMovement(db, { associationId, actorId, fundId: fund.id, values });
        if (!done.ok) throw new Error(`The demo movement ${values.description} was refused: ${done.message}`);
      }
    }
  }
  // Each demo fund's planned monthly contribution (issue 26), also for a database seeded before it
  // existed; a plan a person has set is left as it is.
  for (const [name, , monthly] of plan.funds) {
    const [fund] = await db
      .select({ id: reserveFunds.id })
      .from(reserveFunds)
      .where(
        and(
          eq(reserveFunds.associationId, associationId),
          eq(reserveFunds.name, name),
          isNull(reserveFunds.voidedAt),
          isNull(reserveFunds.plannedMonthlyCents),
        ),
      );
    if (fund)
      await setPlannedContribution(db, {
        associationId,
        actorId,
        fundId: fund.id,
        cents: cents(monthly, plan),
      });
  }
}

export async function seedFinance(
  db: Database,
  ids: Map<string, string>,
  associationIds: Map<string, string>,
) {
  for (const plan of PLANS) {
    const associationId = associationIds.get(plan.name);
    const actorId = ids.get(plan.treasurer);
    if (!associationId || !actorId) continue;
    const [zone] = await db
      .select({ timeZone: associations.timeZone })
      .from(associations)
      .where(eq(associations.id, associationId));
    // Funds on their own: a database seeded before the funds existed gets them too.
    if (zone) await seedReserveFunds(db, plan, associationId, actorId, todayIn(zone.timeZone));
    const [existing] = await db
      .select({ id: financeBudgets.id })
      .from(financeBudgets)
      .where(eq(financeBudgets.associationId, associationId))
      .limit(1);
    if (existing) continue;
    const [association] = await db
      .select({ timeZone: associations.timeZone, fiscalYearStartMonth: associations.fiscalYearStartMonth })
      .from(associations)
      .where(eq(associations.id, associationId));
    if (!association) continue;
    const today = todayIn(association.timeZone);
    for (const values of budgetsFor(plan, today, association.fiscalYearStartMonth))
      await createBudget(db, { associationId, actorId, values });
    for (const values of yearOfEntries(plan, today))
      await createTransaction(db, { associationId, actorId, values });
    for (const [name, usefulLifeYears, remainingLifeYears, dollars] of plan.components)
      await createComponent(db, {
        associationId,
        actorId,
        values: { name, usefulLifeYears, remainingLifeYears, replacementCostCents: dollars * 100 },
      });
    await seedBoardApprovals(db, { associationId, actorId }, today);
  }
}

/**
 * Issue 13, part 9: a $25,000 approval threshold, one expense over it awaiting the board, and one
 * approved by citing the association's latest passed motion (seeded by seed-meetings) and then paid.
 */
async function seedBoardApprovals(
  db: Database,
  actor: { associationId: string; actorId: string },
  today: string,
) {
  await setApprovalThreshold(db, { ...actor, cents: 25_000_00 });
  await createTransaction(db, {
    ...actor,
    values: {
      type: "expense",
      category: "maintenance",
      amountCents: 38_000_00,
      description: "Elevator modernization deposit",
      date: addDays(today, 10),
      status: "pending",
      property: "Tower A elevators",
    },
  });
  const [motion] = await passedMotionChoices(db, actor.associationId);
  if (!motion) return;
  const values = {
    type: "expense",
    category: "maintenance",
    amountCents: 31_500_00,
    description: "Roof repair, west section",
    date: addDays(today, -5),
    status: "pending",
    property: "Building roof",
  };
  const created = await createTransaction(db, { ...actor, values });
  const approved = await approveWithMotion(db, {
    ...actor,
    kind: "transaction",
    id: created.id,
    motionId: motion.id,
    expectedVersion: 1,
  });
  if (!approved.ok) return;
  await updateTransaction(db, {
    ...actor,
    id: created.id,
    values: { ...values, status: "completed" },
    expectedVersion: 2,
  });
}
