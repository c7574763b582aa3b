/**
 * The financials' rules (issue 13; domain/finance): money as integer cents, budget status and usage
 * colour, periods by fiscal year, budget shares, overdue and upcoming payments, the summary, the
 * forms' schemas and the history's descriptions.
 */
import {
  budgetShare,
  budgetStatus,
  countsAsSpent,
  defaultEndDate,
  financialSummary,
  formatMoney,
  isOverdue,
  isUpcoming,
  MONEY_MESSAGES,
  niceCeiling,
  parseMoney,
  parseWholeDollars,
  percentOf,
  periodWindow,
  sumCents,
  usageTone,
} from "@domain/finance";
import { parseCsv, readBankCsv } from "@domain/finance/bank-csv";
import { BudgetFormSchema, TransactionFormSchema } from "@domain/finance/forms";
import { changedFields, describeChanges } from "@domain/finance/history";
import { duplicateKey, guessCategory, IMPORT_MESSAGES, planImport } from "@domain/finance/import";
import { checkReceipt } from "@domain/finance/receipt";
import {
  checkComponent,
  contributionBasis,
  fullyFundedBalance,
  fullyFundedShare,
  fundingStrength,
  percentFunded,
  projectReserves,
  removeComponentConfirm,
  yearlyContribution,
} from "@domain/finance/reserves";
import { describe, expect, it } from "vitest";

describe("money in integer cents", () => {
  it("parses typed amounts without a float", () => {
    expect(parseMoney("1,234.56")).toEqual({ ok: true, cents: 123456 });
    expect(parseMoney("$1,234.5")).toEqual({ ok: true, cents: 123450 });
    expect(parseMoney(" 0.07 ")).toEqual({ ok: true, cents: 7 });
    expect(parseMoney("1234")).toEqual({ ok: true, cents: 123400 });
    expect(parseMoney("1,000,000.01")).toEqual({ ok: true, cents: 100000001 });
    // The float trap: 0.1 + 0.2 and 1.005 * 100 are exact here.
    expect(parseMoney("1.005").ok).toBe(false);
    expect(parseMoney("4.35")).toEqual({ ok: true, cents: 435 });
    expect(parseMoney("-5", { allowNegative: true })).toEqual({ ok: true, cents: -500 });
    expect(parseMoney("(12.30)", { allowNegative: true })).toEqual({ ok: true, cents: -1230 });
    for (const bad of ["", "abc", "1,23.00", "12,34", "1.2.3", "-5", "1e5", "0x10"]) {
      expect(parseMoney(bad)).toEqual({ ok: false, message: MONEY_MESSAGES.invalid });
    }
    expect(parseMoney("9999999999999")).toEqual({ ok: false, message: MONEY_MESSAGES.tooLarge });
  });

  it("takes budgets in whole dollars", () => {
    expect(parseWholeDollars("12,000")).toEqual({ ok: true, cents: 1200000 });
    expect(parseWholeDollars("12000.00")).toEqual({ ok: true, cents: 1200000 });
    expect(parseWholeDollars("12000.50")).toEqual({ ok: false, message: MONEY_MESSAGES.wholeDollars });
  });

  it("shows a whole-dollar example in a whole-dollar field's error", () => {
    for (const bad of ["abc", "12,34", "1e5", "-5"]) {
      expect(parseWholeDollars(bad)).toEqual({ ok: false, message: "Enter an amount like 1,234" });
    }
    expect(parseWholeDollars("9999999999999")).toEqual({ ok: false, message: MONEY_MESSAGES.tooLarge });
  });

  it("formats USD from the integer alone", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(-500)).toBe("-$5.00");
    expect(formatMoney(7)).toBe("$0.07");
    expect(formatMoney(123456, { whole: true })).toBe("$1,235");
    expect(formatMoney(100000000000)).toBe("$1,000,000,000.00");
    expect(() => formatMoney(0.1)).toThrow(RangeError);
  });

  it("sums 10,000 random amounts exactly (property: parse(format(x)) = x, and the sum of parts is the whole)", () => {
    // A seeded generator (mulberry32): the same amounts every run, no float in the amounts themselves.
    let seed = 0x13;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
      return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
    };
    const amounts: number[] = [];
    let dollars = 0n;
    let remainder = 0n;
    for (let i = 0; i < 10_000; i++) {
      const cents = Math.floor(random() * 100_000_000) * (random() < 0.3 ? -1 : 1);
      amounts.push(cents);
      // The same amount as its text, parsed back.
      const text = formatMoney(cents).replace("$", "");
      const parsed = parseMoney(text, { allowNegative: true });
      expect(parsed).toEqual({ ok: true, cents });
      dollars += BigInt(Math.trunc(cents / 100));
      remainder += BigInt(cents % 100);
    }
    const total = sumCents(amounts);
    expect(Number.isSafeInteger(total)).toBe(true);
    // Independently in BigInt: whole dollars and cents added apart.
    expect(BigInt(total)).toBe(dollars * 100n + remainder);
    // Any split of the list sums to the same total.
    expect(sumCents(amounts.slice(0, 3333)) + sumCents(amounts.slice(3333))).toBe(total);
    expect(() => sumCents([1, 0.5])).toThrow(RangeError);
  });

  it("computes percentages from integers, rounded down", () => {
    expect(percentOf(7999, 10000)).toBe(79);
    expect(percentOf(8000, 10000)).toBe(80);
    expect(percentOf(1, 0)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });
});

describe("budgets", () => {
  const budget = { category: "maintenance", startDate: "2026-01-01", endDate: "2026-12-31" };
  it("counts only completed, live expenses of its category within its dates as spent", () => {
    const tx = {
      type: "expense",
      status: "completed",
      category: "maintenance",
      date: "2026-03-01",
      voided: false,
    } as const;
    expect(countsAsSpent(tx, budget)).toBe(true);
    expect(countsAsSpent({ ...tx, type: "income" }, budget)).toBe(false);
    expect(countsAsSpent({ ...tx, status: "pending" }, budget)).toBe(false);
    expect(countsAsSpent({ ...tx, status: "cancelled" }, budget)).toBe(false);
    expect(countsAsSpent({ ...tx, category: "utilities" }, budget)).toBe(false);
    expect(countsAsSpent({ ...tx, date: "2027-01-01" }, budget)).toBe(false);
    expect(countsAsSpent({ ...tx, voided: true }, budget)).toBe(false);
    expect(countsAsSpent({ ...tx, date: "2026-12-31" }, budget)).toBe(true);
  });

  it("is exceeded at spent >= allocated, completed past its end, else active", () => {
    const facts = {
      allocatedCents: 100_00,
      spentCents: 50_00,
      startDate: "2026-01-01",
      endDate: "2026-06-30",
    };
    expect(budgetStatus(facts, "2026-03-01")).toBe("active");
    expect(budgetStatus({ ...facts, spentCents: 100_00 }, "2026-03-01")).toBe("exceeded");
    expect(budgetStatus(facts, "2026-07-01")).toBe("completed");
    expect(budgetStatus({ ...facts, spentCents: 120_00 }, "2026-07-01")).toBe("exceeded");
  });

  it("colours usage: under 80% success, 80% warning, 100% error", () => {
    expect(usageTone(7999, 10000)).toBe("success");
    expect(usageTone(8000, 10000)).toBe("warning");
    expect(usageTone(9999, 10000)).toBe("warning");
    expect(usageTone(10000, 10000)).toBe("error");
    expect(usageTone(0, 0)).toBe("success");
  });

  it("shares an allocation over a window by days, in cents", () => {
    const yearly = { allocatedCents: 365_00, startDate: "2026-01-01", endDate: "2026-12-31" };
    expect(budgetShare(yearly, { from: "2026-01-01", to: "2026-01-31" })).toBe(31_00);
    expect(budgetShare(yearly, { from: "2025-01-01", to: "2027-12-31" })).toBe(365_00);
    expect(budgetShare(yearly, { from: "2027-01-01", to: "2027-01-31" })).toBe(0);
    expect(
      budgetShare(
        { allocatedCents: 100, startDate: "2026-01-01", endDate: "2026-01-03" },
        { from: "2026-01-01", to: "2026-01-01" },
      ),
    ).toBe(33);
  });

  it("ends a period the day before the next one starts", () => {
    expect(defaultEndDate("2026-01-01", "monthly")).toBe("2026-01-31");
    expect(defaultEndDate("2026-01-31", "monthly")).toBe("2026-02-27");
    expect(defaultEndDate("2026-07-01", "yearly")).toBe("2027-06-30");
    expect(defaultEndDate("2026-04-01", "quarterly")).toBe("2026-06-30");
  });
});

describe("periods follow the fiscal year", () => {
  it("gives calendar windows for a January fiscal year", () => {
    expect(periodWindow("current_month", "2026-02-14")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodWindow("last_month", "2026-01-14")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodWindow("current_quarter", "2026-05-14")).toEqual({ from: "2026-04-01", to: "2026-06-30" });
    expect(periodWindow("current_year", "2026-05-14")).toEqual({ from: "2026-01-01", to: "2026-12-31" });
    expect(periodWindow("last_year", "2026-05-14")).toEqual({ from: "2025-01-01", to: "2025-12-31" });
  });
  it("runs July to June for a July fiscal year", () => {
    expect(periodWindow("current_year", "2026-03-10", 7)).toEqual({ from: "2025-07-01", to: "2026-06-30" });
    expect(periodWindow("current_year", "2026-07-01", 7)).toEqual({ from: "2026-07-01", to: "2027-06-30" });
    expect(periodWindow("last_year", "2026-03-10", 7)).toEqual({ from: "2024-07-01", to: "2025-06-30" });
    expect(periodWindow("current_quarter", "2026-03-10", 7)).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
    });
    expect(periodWindow("current_quarter", "2026-08-10", 7)).toEqual({
      from: "2026-07-01",
      to: "2026-09-30",
    });
  });
});

describe("payments", () => {
  it("marks pending payments past their date overdue and those within 30 days upcoming", () => {
    const today = "2026-06-15";
    expect(isOverdue({ status: "pending", date: "2026-06-14" }, today)).toBe(true);
    expect(isOverdue({ status: "completed", date: "2026-06-14" }, today)).toBe(false);
    expect(isOverdue({ status: "pending", date: "2026-06-15" }, today)).toBe(false);
    expect(isUpcoming({ status: "pending", date: "2026-06-15" }, today)).toBe(true);
    expect(isUpcoming({ status: "pending", date: "2026-07-15" }, today)).toBe(true);
    expect(isUpcoming({ status: "pending", date: "2026-07-16" }, today)).toBe(false);
    expect(isUpcoming({ status: "cancelled", date: "2026-06-20" }, today)).toBe(false);
  });
});

describe("summary", () => {
  it("adds the budgets' shares and leaves the remaining budget below zero when over", () => {
    const s = financialSummary({
      budgets: [{ allocatedCents: 365_00, startDate: "2026-01-01", endDate: "2026-12-31" }],
      window: { from: "2026-01-01", to: "2026-12-31" },
      month: { from: "2026-01-01", to: "2026-01-31" },
      year: { from: "2026-01-01", to: "2026-12-31" },
      incomeCents: 500_00,
      expenseCents: 400_00,
      monthExpenseCents: 40_00,
      yearExpenseCents: 400_00,
      reserveCents: 10_00,
      overdueCount: 2,
      upcomingCount: 1,
    });
    expect(s).toEqual({
      totalBudget: 365_00,
      totalExpenses: 400_00,
      totalIncome: 500_00,
      reserveFunds: 10_00,
      monthlyBudgetUsed: 40_00,
      monthlyBudgetRemaining: -9_00,
      yearlyBudgetUsed: 400_00,
      yearlyBudgetRemaining: -35_00,
      overduePayments: 2,
      upcomingPayments: 1,
    });
  });
  it("rounds a chart's axis to a tidy top", () => {
    expect(niceCeiling(123_45)).toBe(200_00);
    expect(niceCeiling(2_300_00)).toBe(2_500_00);
    expect(niceCeiling(0)).toBe(100_00);
  });
});

describe("forms", () => {
  const budget = {
    name: "Pool",
    category: "maintenance",
    allocated: "12,000",
    period: "yearly",
    start_date: "2026-01-01",
    end_date: "2026-12-31",
  };
  it("reads a budget in whole dollars into cents and checks its dates", () => {
    expect(BudgetFormSchema.safeParse(budget)).toMatchObject({ success: true, data: { allocated: 1200000 } });
    const cents = BudgetFormSchema.safeParse({ ...budget, allocated: "12000.50" });
    expect(cents.success).toBe(false);
    expect(cents.error?.issues[0]?.message).toBe(MONEY_MESSAGES.wholeDollars);
    const dates = BudgetFormSchema.safeParse({ ...budget, end_date: "2025-12-31" });
    expect(dates.error?.issues[0]?.message).toBe("The end date cannot be before the start date");
    expect(BudgetFormSchema.safeParse({ ...budget, start_date: "2026-02-30" }).success).toBe(false);
  });
  it("reads a transaction's amount into positive cents", () => {
    const tx = {
      type: "expense",
      category: "utilities",
      amount: "1,234.56",
      description: "Power",
      date: "2026-03-01",
      status: "completed",
    };
    expect(TransactionFormSchema.safeParse(tx)).toMatchObject({ success: true, data: { amount: 123456 } });
    expect(TransactionFormSchema.safeParse({ ...tx, amount: "0" }).success).toBe(false);
    expect(TransactionFormSchema.safeParse({ ...tx, type: "transfer" }).success).toBe(false);
  });
});

describe("history", () => {
  it("keeps only the fields that changed, and describes them", () => {
    const before = { name: "Pool", allocatedCents: 100_00, category: "maintenance" };
    const after = { name: "Pool", allocatedCents: 150_00, category: "utilities" };
    const diff = changedFields(before, after);
    expect(diff).toEqual({
      before: { allocatedCents: 100_00, category: "maintenance" },
      after: { allocatedCents: 150_00, category: "utilities" },
    });
    expect(describeChanges("updated", diff)).toEqual([
      "Allocated: $100.00 → $150.00",
      "Category: Maintenance → Utilities",
    ]);
    expect(describeChanges("voided", { before: { date: "2026-03-07" } })).toEqual(["Date: Mar 7, 2026"]);
  });
});

describe("receipts", () => {
  it("takes a PDF or image by its content, up to 10 MB", () => {
    expect(checkReceipt({ size: 100, sniffed: "pdf", truncated: false })).toEqual({
      ok: true,
      contentType: "application/pdf",
    });
    expect(checkReceipt({ size: 100, sniffed: "jpg", truncated: false })).toEqual({
      ok: true,
      contentType: "image/jpeg",
    });
    expect(checkReceipt({ size: 100, sniffed: "exe", truncated: false }).ok).toBe(false);
    expect(checkReceipt({ size: 100, sniffed: undefined, truncated: false }).ok).toBe(false);
    expect(checkReceipt({ size: 11 * 1024 * 1024, sniffed: "pdf", truncated: true })).toEqual({
      ok: false,
      message: "The receipt must be smaller than 10 MB",
    });
  });
});

describe("reserve study", () => {
  const roof = { usefulLifeYears: 20, remainingLifeYears: 5, replacementCostCents: 400_000_00 };
  const paving = { usefulLifeYears: 10, remainingLifeYears: 0, replacementCostCents: 50_000_00 };
  it("gives the fully funded balance and the percent funded", () => {
    expect(fullyFundedShare(roof)).toBe(300_000_00);
    expect(fullyFundedBalance([roof, paving])).toBe(350_000_00);
    expect(percentFunded(175_000_00, 350_000_00)).toBe(50);
    expect(percentFunded(0, 0)).toBe(100);
    // Rounded, not truncated: 63.87% is 64%, 63.49% is 63%, 63.5% is 64%.
    expect(percentFunded(6_387, 10_000)).toBe(64);
    expect(percentFunded(6_349, 10_000)).toBe(63);
    expect(percentFunded(6_350, 10_000)).toBe(64);
    expect(percentFunded(-5_00, 10_000)).toBe(0);
    expect(fundingStrength(70)).toBe("strong");
    expect(fundingStrength(69)).toBe("fair");
    expect(fundingStrength(29)).toBe("weak");
  });
  it("refuses a remaining life beyond the useful life", () => {
    expect(checkComponent(roof)).toEqual({ ok: true });
    expect(checkComponent({ ...roof, remainingLifeYears: 21 })).toMatchObject({
      ok: false,
      field: "remaining_life",
    });
    expect(checkComponent({ ...roof, usefulLifeYears: 0 })).toMatchObject({
      ok: false,
      field: "useful_life",
    });
  });
  it("asks before removing a component, by its name", () => {
    expect(removeComponentConfirm({ name: "Roof" })).toBe(
      "Remove the component “Roof” from the reserve study?",
    );
    expect(removeComponentConfirm({ name: "Elevator cab #2" })).toBe(
      "Remove the component “Elevator cab #2” from the reserve study?",
    );
  });
  it("projects 20 years of contributions against replacements as they fall due", () => {
    const years = projectReserves(100_000_00, 30_000_00, [roof, paving]);
    expect(years).toHaveLength(20);
    // Paving is due now: replaced in year 1, then year 11; the roof in year 5.
    expect(years[0]).toEqual({
      year: 1,
      contributionCents: 30_000_00,
      replacementCents: 50_000_00,
      endBalanceCents: 80_000_00,
    });
    expect(years[4]?.replacementCents).toBe(400_000_00);
    expect(years[10]?.replacementCents).toBe(50_000_00);
    expect(years[19]?.endBalanceCents).toBe(100_000_00 + 20 * 30_000_00 - 2 * 50_000_00 - 400_000_00);
  });
});

describe("the projection's yearly contribution (issue 26)", () => {
  // The seeded Bayview association: two funds, $20,000 and $6,000 a month, opened a year ago with
  // $300,000 and $120,000 brought forward; its reserve study's six components.
  const bayviewComponents = [
    { usefulLifeYears: 20, remainingLifeYears: 6, replacementCostCents: 420_000_00 },
    { usefulLifeYears: 25, remainingLifeYears: 9, replacementCostCents: 680_000_00 },
    { usefulLifeYears: 15, remainingLifeYears: 4, replacementCostCents: 160_000_00 },
    { usefulLifeYears: 12, remainingLifeYears: 2, replacementCostCents: 95_000_00 },
    { usefulLifeYears: 8, remainingLifeYears: 3, replacementCostCents: 210_000_00 },
    { usefulLifeYears: 15, remainingLifeYears: 11, replacementCostCents: 120_000_00 },
  ];
  const balance = 700_000_00;
  const capital = { name: "Capital reserve", plannedMonthlyCents: 20_000_00, lastYearCents: 12 * 20_000_00 };
  const roof = { name: "Roof reserve", plannedMonthlyCents: 6_000_00, lastYearCents: 12 * 6_000_00 };
  const planned = [capital, roof];

  it("takes Bayview's planned $26,000 a month: $312,000 a year, not the $732,000 the deposits with opening balances gave", () => {
    const c = yearlyContribution(planned);
    expect(c).toMatchObject({ annualCents: 312_000_00, source: "planned", plannedMonthlyCents: 26_000_00 });
    expect(contributionBasis(c)).toBe("Based on planned contributions of $26,000/month ($312,000 a year).");
    const years = projectReserves(balance, c.annualCents, bayviewComponents);
    // 20 years of $312,000 less $2,360,000 of replacements (roof, elevators, paving twice, pool
    // twice, painting three times, fire alarm), never below zero.
    expect(years[19]?.endBalanceCents).toBe(balance + 20 * 312_000_00 - 2_360_000_00);
    expect(years[19]?.endBalanceCents).toBe(4_580_000_00);
    expect(years.every((y) => y.endBalanceCents > 0)).toBe(true);
    // What the page showed before: $732,000 a year reached $12.98M.
    expect(projectReserves(balance, 732_000_00, bayviewComponents)[19]?.endBalanceCents).toBe(12_980_000_00);
  });

  it("falls back on a fund's last 12 months of contributions (opening balances are not among them) and says so", () => {
    const recent = yearlyContribution(planned.map((f) => ({ ...f, plannedMonthlyCents: null })));
    expect(recent).toMatchObject({ annualCents: 312_000_00, source: "recent", recentCents: 312_000_00 });
    expect(contributionBasis(recent)).toBe(
      "Based on the last 12 months of contributions, excluding opening balances ($312,000 a year): no fund has a planned monthly contribution.",
    );
    const mixed = yearlyContribution([
      capital,
      { ...roof, plannedMonthlyCents: null, lastYearCents: 50_000_00 },
    ]);
    expect(mixed).toMatchObject({ annualCents: 240_000_00 + 50_000_00, source: "mixed" });
    expect(contributionBasis(mixed)).toBe(
      "Based on planned contributions of $20,000/month for Capital reserve and, for Roof reserve, the last 12 months of contributions, excluding opening balances ($50,000): $290,000 a year.",
    );
    // A plan of zero is a plan: the fund's history no longer counts.
    expect(yearlyContribution([{ ...capital, plannedMonthlyCents: 0 }])).toMatchObject({
      annualCents: 0,
      source: "planned",
    });
    expect(yearlyContribution([])).toMatchObject({ annualCents: 0, source: "none" });
    expect(contributionBasis(yearlyContribution([]))).toBe(
      "No reserve funds yet: the projection assumes no contributions.",
    );
  });
});

describe("bank CSV import", () => {
  it("parses RFC 4180: quotes, doubled quotes, commas and line breaks inside quotes, CRLF", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n\n"two\nlines",3\n')).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["x, y", 'say "hi"'] },
      { line: 4, cells: ["two\nlines", "3"] },
    ]);
    // A byte-order mark, CR-only lines, a quote inside an unquoted field, lines after a multi-line field.
    expect(parseCsv('\uFEFFa,b\rq"uo,te\r"x\r\ny",1\r\nlast,2')).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ['q"uo', "te"] },
      { line: 3, cells: ["x\r\ny", "1"] },
      { line: 5, cells: ["last", "2"] },
    ]);
    expect(parseCsv('a,b\n"open,1\n')).toEqual({ unreadable: true });
    expect(readBankCsv('Date,Description,Amount\n2026-03-01,"Duke,-1\n')).toEqual({
      fatal: IMPORT_MESSAGES.unreadable,
    });
  });
  it("reads date, description and amount by the header, with a reason for each bad line", () => {
    const read = readBankCsv(
      'Date,Description,Amount\n2026-03-01,Duke Energy,-250.10\n03/02/2026,Assessments,"1,200.00"\n2026-02-30,Bad date,-1\n2026-03-03,,-5\n2026-03-04,Odd,12.345\n2026-03-05,Nothing,0\n2026-03-06\n',
    );
    if ("fatal" in read) throw new Error(read.fatal);
    expect(read.lines).toEqual([
      { line: 2, date: "2026-03-01", description: "Duke Energy", amountCents: -25010 },
      { line: 3, date: "2026-03-02", description: "Assessments", amountCents: 120000 },
    ]);
    expect(read.errors.map((e) => [e.line, e.message])).toEqual([
      [4, IMPORT_MESSAGES.date],
      [5, IMPORT_MESSAGES.description],
      [6, IMPORT_MESSAGES.amount],
      [7, IMPORT_MESSAGES.zero],
      [8, IMPORT_MESSAGES.columns],
    ]);
    expect(readBankCsv("When,What,How much\n1,2,3")).toEqual({ fatal: IMPORT_MESSAGES.noHeader });
  });
  it("marks duplicates of the books and of earlier lines, and maps categories by the description", () => {
    const lines = [
      { line: 2, date: "2026-03-01", description: "Duke Energy", amountCents: -25010 },
      { line: 3, date: "2026-03-01", description: "duke energy ", amountCents: -25010 },
      { line: 4, date: "2026-03-02", description: "Lawn care", amountCents: -9000 },
      { line: 5, date: "2026-03-02", description: "Owner dues", amountCents: 50000 },
    ];
    const existing = new Set([
      duplicateKey({ date: "2026-03-02", amountCents: -9000, description: "Lawn care" }),
    ]);
    const plan = planImport(lines, existing, "other");
    expect(plan.map((l) => [l.duplicate, l.type, l.category])).toEqual([
      [false, "expense", "utilities"],
      [true, "expense", "utilities"],
      [true, "expense", "landscaping"],
      [false, "income", "other"],
    ]);
    expect(guessCategory("Quarterly insurance premium", "other")).toBe("insurance");
  });
});
