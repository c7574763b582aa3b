/**
 * The bid form's one schema (domain/proposal/form.ts): the format of each field, stated once from the
 * bid's field rules, and the bid's fields it gives. What the RFP requires of a submitted bid is not
 * here: decide checks it (tests/unit/proposal.test.ts).
 */
import { parseWithZod } from "@conform-to/zod";
import {
  PROPOSAL_FORM_MESSAGES,
  PROPOSAL_LIMITS,
  ProposalFormSchema,
  proposalFieldsFromForm,
  proposalFormValues,
} from "@domain/proposal";
import { describe, expect, it } from "vitest";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};
const parse = (fields: Record<string, string>) => parseWithZod(form(fields), { schema: ProposalFormSchema });

describe("the bid form's schema", () => {
  it("reads typed amounts ($ and commas), upper-cases the license state and pairs references", () => {
    const submission = parse({
      total_price: "$12,500",
      timeline_days: "30",
      cover_letter: "  We have done this for twenty years.  ",
      license_state: "fl",
      general_liability_coverage: "",
      reference_name_1: "Palm Court HOA",
      reference_contact_1: "board@palm.test",
      reference_name_2: "",
      reference_contact_2: "",
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    const fields = proposalFieldsFromForm(submission.value);
    expect(fields).toEqual({
      total_price: 12_500,
      timeline_days: 30,
      cover_letter: "We have done this for twenty years.",
      license_state: "FL",
      references: [{ name: "Palm Court HOA", contact: "board@palm.test" }],
    });
    // What the form shows for those fields again.
    expect(proposalFormValues(fields)).toMatchObject({
      total_price: "12500",
      reference_name_1: "Palm Court HOA",
    });
  });

  it("answers each malformed field with its message, in Conform's shape", () => {
    const submission = parse({
      total_price: "12.5",
      timeline_days: "two weeks",
      workers_compensation_coverage: "-5",
      cover_letter: "x".repeat(PROPOSAL_LIMITS.coverLetterMax + 1),
      reference_name_1: "Only a name",
    });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toMatchObject({
      total_price: [PROPOSAL_FORM_MESSAGES.wholeDollars],
      timeline_days: [PROPOSAL_FORM_MESSAGES.number],
      workers_compensation_coverage: [expect.any(String)],
      cover_letter: [PROPOSAL_FORM_MESSAGES.coverLetterMax],
      references: [PROPOSAL_FORM_MESSAGES.referencePair],
    });
  });

  it("uses the field rules of the bid itself (a timeline of at least a day, whole days)", () => {
    expect(parse({ timeline_days: "0" }).reply().error).toMatchObject({
      timeline_days: ["Timeline must be at least 1 day"],
    });
    expect(parse({ timeline_days: "1.5" }).reply().error).toMatchObject({
      timeline_days: [PROPOSAL_FORM_MESSAGES.wholeDays],
    });
  });
});
