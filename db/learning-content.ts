import type { CourseDefinition, PathDefinition } from "../app/commands/learning.server";
import type { CourseCeCredit } from "../app/commands/learning-ce.server";

/** The demo courses (issue 30, part 8): original content written for this product. */
export const DEMO_COURSES: CourseDefinition[] = [
  {
    slug: "association-board-fundamentals-meetings",
    targetRoles: ["board_member", "manager"],
    title: "Association Board Fundamentals: Running a Board Meeting",
    shortDescription:
      "Plan, run and document board meetings that are lawful, efficient and open to owners, from notice and agenda to motions and minutes.",
    description: `Board meetings are where an association actually makes its decisions. A well-run meeting gives owners confidence, keeps the board within its authority and leaves a clear record of what was decided and why.

This course walks through the full cycle: giving proper notice, building an agenda, confirming a quorum, handling motions and owner comments, using executive session appropriately, writing minutes that hold up later, and understanding the duties and roles of directors, officers, managers and committees.

It is written for new and experienced directors alike, and for the managers who support them. Rules vary by state and by governing documents, so treat this as general practice and confirm the specifics with your own documents and counsel.`,
    difficulty: "beginner",
    isFeatured: true,
    providesCertification: true,
    certificateValidMonths: 24,
    modules: [
      {
        title: "Before the Meeting",
        lessons: [
          {
            title: "Notice, Timing and Who Must Be Told",
            minutes: 5,
            body: `## Why notice matters

A decision made at a meeting that was not properly noticed can be challenged and, in some states, undone. Notice is also the simplest way to show owners that the board is not acting behind closed doors.

## Where the rules come from

Notice requirements usually come from three layers, and the strictest one controls:

- **State statute** for condominiums, homeowner associations or nonprofit corporations
- **The declaration and bylaws** of your association
- **Board-adopted policies**, such as a standing rule on where notices are posted

Many statutes set a minimum posting period before regular board meetings and a longer one when the board will consider certain items, such as special assessments or rule changes affecting unit use. Florida's condominium and HOA statutes (chapters 718 and 720) are common examples of detailed notice rules, but every state is different.

## A practical notice checklist

1. Confirm the required lead time for this type of meeting.
2. State the date, time, place and any remote-attendance details.
3. Include the agenda, with specific items rather than "old business".
4. Post and deliver the notice in every way your documents require.
5. Keep proof of notice, such as an affidavit, a dated screenshot or a mailing log.

## Emergencies

Most regimes allow a meeting on shorter notice for a genuine emergency, such as a burst pipe or storm damage. Record why the matter could not wait, and limit the discussion to the emergency itself.`,
          },
          {
            title: "Building an Agenda That Works",
            minutes: 6,
            body: `## The agenda is a plan and a promise

An agenda tells directors what to prepare for and tells owners what the board will act on. Many states limit or forbid action on items that were not on the noticed agenda, except in an emergency, so a vague agenda can block the board from acting at all.

## A common order of business

- Call to order and proof of notice
- Establishing a quorum
- Approval of prior minutes
- Owner comment period
- Officer and manager reports, including financials
- Unfinished business
- New business, listed item by item
- Adjournment

## Preparing the board packet

Send directors a packet several days ahead. It should include the draft minutes, the latest financial statements, any bids or proposals with a short comparison, and a brief memo on each decision item explaining the question, the options and the manager's recommendation.

Good packets shorten meetings. When directors have read the material in advance, the meeting can focus on questions and decisions rather than on reading documents aloud.

## Tips for a realistic agenda

1. Put decision items early, while everyone is fresh.
2. Estimate time for each item and keep the total reasonable.
3. Use a consent agenda for routine items, if your rules allow it, so they can be approved in one vote.
4. Let any director pull an item off the consent agenda for separate discussion.
5. Note which items will be discussed in executive session and the general reason.`,
          },
        ],
        quiz: {
          title: "Notice and Agenda Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt:
                "The statute requires 48 hours of notice, but your bylaws require 5 days. How much notice should the board give?",
              options: [
                "48 hours",
                "5 days",
                "Whichever the president prefers",
                "No notice is needed for regular meetings",
              ],
              correct: [1],
              explanation:
                "When layers of rules differ, follow the strictest requirement that applies, which here is the bylaws' 5 days.",
            },
            {
              prompt:
                "Which of the following are good practices when preparing a meeting notice? Select all that apply.",
              options: [
                "Listing specific agenda items",
                "Keeping proof that notice was posted or delivered",
                'Using "new business" as a catch-all so the board can decide anything',
                "Including remote-attendance details when owners may attend remotely",
              ],
              correct: [0, 1, 3],
              explanation:
                "Specific items, proof of notice and access details all help; a catch-all item may leave the board unable to act.",
            },
            {
              prompt: "What is the main purpose of a consent agenda?",
              options: [
                "To hide controversial items from owners",
                "To skip the quorum requirement",
                "To let the manager make decisions without the board",
                "To approve several routine items in a single vote",
              ],
              correct: [3],
              explanation:
                "A consent agenda bundles routine items into one vote, and any director can pull an item for separate discussion.",
            },
          ],
        },
      },
      {
        title: "During and After the Meeting",
        lessons: [
          {
            title: "Quorum, Motions and Owner Participation",
            minutes: 7,
            body: `## Start with a quorum

No business can be conducted without a quorum. For most boards, a quorum is a majority of the directors currently in office, but check your bylaws. Have the secretary or manager record who is present, and how, at the start. If directors leave and the quorum is lost, the board should stop taking action.

## Handling motions

Many associations follow Robert's Rules of Order, and small boards often use its simplified procedures. A typical flow looks like this:

1. A director makes a motion ("I move that we accept the bid from ABC Paving for 42,500 dollars").
2. Another director seconds it, if your rules require seconds.
3. The chair restates the motion so everyone knows exactly what is being decided.
4. Directors discuss it.
5. The chair calls the vote and announces the result.

Clear wording matters. A motion to "look into paving" decides nothing; a motion that names the vendor, scope, price and funding source does.

## Owners in the room

Many statutes give owners the right to attend board meetings and to speak on agenda items, subject to reasonable rules. Common practices include:

- A set comment period, often at the start of the meeting
- A time limit per speaker, applied equally to everyone
- A sign-up sheet or request form for speakers
- A reminder that the comment period is for input, not debate

## Conflicts of interest

A director with a personal or financial interest in a matter should disclose it, and in most cases step out of the discussion and vote. Record the disclosure and abstention in the minutes.`,
          },
          {
            title: "Executive Session and Minutes",
            minutes: 6,
            body: `## When a closed session is appropriate

Executive session lets the board discuss sensitive matters privately. Statutes and documents usually limit it to specific topics, such as:

- Consultation with the association's attorney about pending or likely litigation
- Personnel matters involving employees
- Individual owner delinquencies or violations
- Contract negotiations where open discussion would harm the association

In many states, the board must return to open session to take the final vote. Note in the open-session minutes that an executive session was held and its general subject, without disclosing privileged details.

## What good minutes contain

Minutes are a record of actions, not a transcript. They should include:

1. The type of meeting, date, time and place
2. Directors present and absent, and confirmation of quorum
3. Confirmation that notice was given
4. Each motion as stated, who made it and the result of the vote
5. Disclosures of conflicts and any abstentions
6. The time of adjournment

Avoid recording who said what during debate. Detailed narratives invite disputes over accuracy and can create evidence in later litigation without adding useful information.

## After the meeting

Circulate draft minutes to directors promptly, approve them at the next meeting and keep the approved version in the official records. Many states treat minutes as records that owners may inspect, often for many years. Follow up on every action item with an owner and a due date.`,
          },
        ],
        quiz: {
          title: "Running the Meeting Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt:
                "Two of five directors are present when the meeting is scheduled to start. What should happen?",
              options: [
                "The two directors can vote on routine items only",
                "The meeting proceeds and absent directors ratify later by email",
                "No business should be conducted, because there is no quorum",
                "The manager casts votes on behalf of absent directors",
              ],
              correct: [2],
              explanation:
                "With a majority quorum, three of five directors are needed before the board can take action.",
            },
            {
              prompt: "Which motion is worded most clearly?",
              options: [
                "Move to do something about the parking lot",
                "Move that the president decide on paving",
                "Move to look into paving options",
                "Move to approve ABC Paving's bid of 42,500 dollars to resurface lot B, paid from the paving reserve",
              ],
              correct: [3],
              explanation:
                "A clear motion names the vendor, scope, price and funding source so everyone knows exactly what was decided.",
            },
            {
              prompt: "Which topics are commonly allowed in executive session? Select all that apply.",
              options: [
                "Advice from the association's attorney on pending litigation",
                "A specific owner's delinquent account",
                "Adopting the annual budget",
                "Employee personnel matters",
              ],
              correct: [0, 1, 3],
              explanation:
                "Legal advice, individual delinquencies and personnel matters are typical closed topics; budget adoption belongs in open session.",
            },
            {
              prompt: "What should minutes primarily record?",
              options: [
                "A word-for-word transcript of the discussion",
                "Each director's opinions on each item",
                "The actions taken, including motions and vote results",
                "Only the items the board agreed on unanimously",
              ],
              correct: [2],
              explanation: "Minutes are a record of what was done, not what was said.",
            },
          ],
        },
      },
      {
        title: "Roles, Duties and Sound Decisions",
        lessons: [
          {
            title: "Fiduciary Duties of Directors",
            minutes: 6,
            body: `## Directors act for the association

When owners elect you to the board, you take on fiduciary duties to the association as a whole, not to the neighbors who voted for you or to your own building. The exact standards are set by state law and the governing documents, but most rest on the same core ideas.

## The core duties

- **Duty of care**: act in good faith, with the care an ordinarily prudent person would use in a similar position. In practice this means reading the materials, asking questions and getting expert advice when needed.
- **Duty of loyalty**: put the association's interests ahead of your own. Disclose conflicts of interest and do not use your position for personal benefit.
- **Duty to act within authority**: follow the statutes, declaration, bylaws and rules. A well-intentioned decision outside the board's powers can still be invalid.

## The business judgment rule

Courts in many states give deference to board decisions that were made in good faith, on an informed basis, within the board's authority and without a conflict of interest. The rule does not protect every outcome; it protects a sound process. Some states apply a different or stricter standard, so ask counsel how it works where you are.

## Habits that show a sound process

1. Read the board packet before the meeting.
2. Get bids, professional reports and legal advice for significant decisions.
3. Discuss options openly and record the decision and its basis in the minutes.
4. Disclose conflicts and abstain where appropriate.
5. Keep association business in association records and accounts.

Directors' and officers' liability insurance is an important backstop, but a careful process is the first line of protection.`,
          },
          {
            title: "Officers, Managers and Committees",
            minutes: 5,
            body: `## Who does what

A board works best when everyone understands their role. Typical responsibilities, subject to your bylaws, include:

- **President**: chairs meetings, signs documents the board has approved and acts as the main point of contact with the manager.
- **Vice president**: steps in when the president is unavailable.
- **Secretary**: oversees notices, minutes and the official records.
- **Treasurer**: oversees the finances, reviews financial statements and leads the budget process.

Officers generally carry out board decisions; they do not make major decisions alone unless the board or bylaws have delegated that authority.

## Working with a manager

A community manager or management company advises the board and runs day-to-day operations under a written management agreement. A useful rule of thumb is that the board sets policy and the manager implements it.

- Give direction through the board, not through individual directors.
- Set clear spending limits for the manager in the agreement.
- Review the manager's reports and ask questions at meetings.

## Committees

Committees, such as finance, landscaping or architectural review, extend the board's capacity and involve more owners. Give each committee a written charter stating its purpose, its members, whether it only advises or may decide, and how it reports back. Unless the documents allow delegation, the board makes the final decisions.

## A quick self-check

1. Do we know which decisions the manager may make alone?
2. Does every committee have a written charter?
3. Are officers acting only within authority the board has given?`,
          },
        ],
        quiz: {
          title: "Roles and Duties Check",
          passPercent: 80,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "To whom does a director owe fiduciary duties?",
              options: [
                "The owners who voted for them",
                "The management company",
                "The association as a whole",
                "Their own building or section only",
              ],
              correct: [2],
              explanation:
                "Directors act for the association as a whole, not for a particular group of owners.",
            },
            {
              prompt:
                "Which practices support protection under the business judgment rule? Select all that apply.",
              options: [
                "Getting professional advice on significant decisions",
                "Recording the decision and its basis in the minutes",
                "Voting on a contract with a company the director owns without disclosure",
                "Reading the board packet before the meeting",
              ],
              correct: [0, 1, 3],
              explanation:
                "Informed, documented, conflict-free decisions show a sound process; undisclosed conflicts undermine it.",
            },
            {
              prompt:
                "What is a useful rule of thumb for the relationship between the board and the manager?",
              options: [
                "The manager sets policy and the board implements it",
                "The board sets policy and the manager implements it",
                "Each director gives the manager separate instructions",
                "The manager reports only to the president",
              ],
              correct: [1],
              explanation:
                "The board sets policy and gives direction collectively; the manager carries it out.",
            },
            {
              prompt: "What should a committee charter state?",
              options: [
                "The committee's purpose, members, authority and how it reports to the board",
                "Only the committee's name",
                "That the committee may overrule the board",
                "The personal contact details of every owner",
              ],
              correct: [0],
              explanation:
                "A charter defines purpose, membership, authority and reporting so the committee's role is clear.",
            },
          ],
        },
      },
    ],
  },
  {
    slug: "reading-a-reserve-study",
    targetRoles: ["board_member", "manager", "cpa"],
    title: "Reading a Reserve Study",
    shortDescription:
      "Understand the components, assumptions and funding plans in a reserve study so the board can make sound long-term funding decisions.",
    description: `A reserve study is the association's long-range plan for repairing and replacing major common elements such as roofs, paving, elevators and mechanical systems. It is one of the most important documents a board receives, and one of the least read.

This course explains how a reserve study is built, what the key numbers mean, how to judge the association's funding position and how to turn the study into a budget decision.

It is aimed at directors, treasurers and managers who already know the basics of association finance. Reserve requirements vary by state, so confirm your local rules with your reserve specialist, accountant or attorney.`,
    difficulty: "intermediate",
    modules: [
      {
        title: "Inside the Study",
        lessons: [
          {
            title: "The Component List",
            minutes: 6,
            body: `## Two parts of every study

Most reserve studies have two parts: a **physical analysis**, which lists and evaluates the components, and a **financial analysis**, which compares the reserve fund with future needs and recommends a funding plan.

## What belongs on the list

A component generally belongs in reserves when it meets a common four-part test:

- The association is responsible for it
- It has a limited useful life
- Its remaining life can be reasonably predicted
- Its cost is above a threshold set by the board, so minor items stay in the operating budget

Typical components include roofs, paving, exterior painting, elevators, boilers, pool equipment, fencing and building envelope items. Items with an unlimited life, such as the building foundation in most cases, are usually excluded.

## The key data for each component

1. **Useful life**: how long a new component typically lasts.
2. **Remaining useful life**: how many years until replacement is expected.
3. **Replacement cost**: today's estimated cost to repair or replace it.

## Questions to ask

- Is anything missing, such as a recent addition like EV chargers?
- Does the list match the declaration's maintenance responsibilities?
- Are remaining lives based on a site inspection or only on age?
- Are costs based on local pricing or recent bids?

A component left off the list is a future special assessment waiting to happen. Review the list with your manager and maintenance staff, who often know the property's condition best.`,
          },
          {
            title: "Study Levels and Assumptions",
            minutes: 5,
            body: `## Full study or update

Industry standards, such as those published by the Community Associations Institute, describe three common levels of study:

- **Full study**: a complete component inventory, condition assessment with a site visit, and financial analysis.
- **Update with site visit**: the existing inventory is reviewed on site and quantities and costs are adjusted.
- **Update without site visit**: a desk review that refreshes costs and the financial analysis.

Many associations get a full study when the community is new or after major changes, then updates every year or few years. Some states set their own schedules; for example, Florida now requires structural integrity reserve studies for certain condominium buildings.

## The assumptions that drive the numbers

Small changes in assumptions compound over a 30-year projection. Look for:

1. **Inflation rate** applied to future replacement costs
2. **Interest rate** assumed on reserve investments
3. **Starting balance** and the date it was measured
4. **Projection period**, often 30 years

## Sense-checking the assumptions

- Is the inflation rate reasonable for construction costs, which can run higher than general inflation?
- Is the interest rate realistic for how the association actually invests reserves?
- Does the starting balance match the latest financial statements?

If an assumption looks optimistic, ask the preparer to show the effect of a more conservative figure. Boards that rely on generous interest or low inflation often find themselves short later.`,
          },
        ],
        quiz: {
          title: "Inside the Study Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt:
                "A roof installed 12 years ago typically lasts 25 years. What is its remaining useful life, all else being equal?",
              options: ["25 years", "12 years", "13 years", "37 years"],
              correct: [2],
              explanation:
                "Remaining useful life is the typical useful life minus the component's current age, here 25 minus 12.",
            },
            {
              prompt: "Which criteria commonly qualify an item for reserves? Select all that apply.",
              options: [
                "The association is responsible for maintaining it",
                "It has a limited and predictable useful life",
                "Its cost is above the board's threshold",
                "An owner has complained about it",
              ],
              correct: [0, 1, 2],
              explanation:
                "Reserve components are the association's responsibility, have limited predictable lives and exceed a cost threshold.",
            },
            {
              prompt: "Which level of study involves no site visit?",
              options: [
                "Full study",
                "Update with site visit",
                "Update without site visit",
                "Structural inspection",
              ],
              correct: [2],
              explanation:
                "An update without site visit is a desk review of the existing study's costs and financial analysis.",
            },
            {
              prompt: "Why do the inflation and interest assumptions matter so much?",
              options: [
                "They only affect the first year of the study",
                "Small differences compound over a long projection period",
                "They determine which components are included",
                "They are set by statute and cannot be changed",
              ],
              correct: [1],
              explanation:
                "Over a 30-year projection, small rate differences compound into large differences in required contributions.",
            },
          ],
        },
      },
      {
        title: "From Numbers to Decisions",
        lessons: [
          {
            title: "Percent Funded and the Fully Funded Balance",
            minutes: 6,
            body: `## The fully funded balance

The **fully funded balance** is, roughly, the share of each component's replacement cost that has already been "used up". A component halfway through its life has a fully funded balance of about half its replacement cost. Add these up across all components and you get the ideal reserve balance for today.

## Percent funded

**Percent funded** compares what the association actually has with that ideal:

Percent funded = actual reserve balance / fully funded balance

An association with 300,000 dollars in reserves and a fully funded balance of 600,000 dollars is 50 percent funded.

## Reading the result

A widely used rule of thumb groups associations like this:

- **Below about 30 percent**: weak, with a high risk of special assessments or deferred maintenance
- **About 30 to 70 percent**: fair, worth watching and improving
- **Above about 70 percent**: strong, with a low risk of surprises

These ranges are guidelines, not legal standards. A young community with few near-term projects may be fine at a lower figure for a while; an older building facing a large roof and elevator cycle may need more.

## Look at the cash flow too

Percent funded is a snapshot. Always review the **30-year cash flow table** as well. The most important question is whether the reserve balance stays above zero, or above your minimum threshold, in every year of the projection under the recommended plan.`,
          },
          {
            title: "Choosing a Funding Plan",
            minutes: 6,
            body: `## Common funding strategies

Reserve studies often show more than one plan. The usual options are:

- **Full funding**: aims to reach and keep about 100 percent funded. Highest contributions, lowest risk.
- **Threshold funding**: keeps the balance above a chosen minimum, such as a percent funded target or a dollar floor.
- **Baseline funding**: keeps the balance just above zero in every year. Lowest contributions, highest risk of special assessments if anything goes wrong.
- **Statutory funding**: meets a minimum set by state law, where one exists.

## Turning the plan into a budget

The recommended annual contribution becomes the reserve line in the operating budget. When the recommended amount is a big jump, boards often phase it in, but be careful: every year of underfunding pushes the burden onto future owners.

## Questions for the board

1. Which plan does the study recommend, and why?
2. What happens to the balance if a major project comes in 20 percent over estimate?
3. Are any large projects clustered in the same few years?
4. Do our governing documents or state law require a minimum contribution or an owner vote to reduce or waive reserves?

## Documenting the decision

Record in the minutes which plan the board adopted and the reasoning. If the board funds below the recommendation, note why. Buyers, lenders and future boards will look at this history, and a documented, reasoned decision is far easier to defend than silence.`,
          },
        ],
        quiz: {
          title: "Funding Decisions Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt:
                "An association has 450,000 dollars in reserves and a fully funded balance of 900,000 dollars. What is its percent funded?",
              options: ["25 percent", "50 percent", "200 percent", "90 percent"],
              correct: [1],
              explanation:
                "Percent funded is the actual balance divided by the fully funded balance: 450,000 / 900,000 = 50 percent.",
            },
            {
              prompt: "Which funding plan carries the highest risk of special assessments?",
              options: [
                "Full funding",
                "Threshold funding at 70 percent",
                "Baseline funding",
                "All carry equal risk",
              ],
              correct: [2],
              explanation:
                "Baseline funding keeps the balance just above zero, leaving little cushion for cost overruns or surprises.",
            },
            {
              prompt: "Besides percent funded, what should the board always review?",
              options: [
                "The 30-year cash flow projection",
                "The preparer's marketing materials",
                "Only the components due this year",
                "The operating budget from five years ago",
              ],
              correct: [0],
              explanation:
                "The cash flow shows whether the balance stays positive in every year under the chosen plan.",
            },
            {
              prompt:
                "The board decides to contribute less than the study recommends. What should it do? Select all that apply.",
              options: [
                "Record the decision and its reasoning in the minutes",
                "Check whether state law or the documents require an owner vote",
                "Remove the study from the official records",
                "Consider the effect on future owners and special assessment risk",
              ],
              correct: [0, 1, 3],
              explanation:
                "Document the reasoning, confirm any legal requirements and weigh the long-term effect; never discard the study.",
            },
          ],
        },
      },
    ],
  },
  {
    slug: "vendor-insurance-certificates",
    targetRoles: ["manager", "vendor", "board_member"],
    title: "Vendor Insurance Certificates: COIs, Additional Insured and Waivers",
    shortDescription:
      "Learn what a certificate of insurance does and does not prove, and how to require, review and track vendor coverage that actually protects the association.",
    description: `Every contractor who works on association property brings risk with them: injuries, property damage and claims from residents. Vendor insurance is how the association shifts that risk back to the party doing the work.

This course covers the certificate of insurance, the coverages to require, additional insured status, waivers of subrogation and primary and non-contributory wording, plus a practical process for collecting and tracking certificates.

It is written for managers, board members and vendors. Insurance requirements should be set with the association's insurance agent and attorney; this course explains the concepts so you can ask the right questions.`,
    difficulty: "intermediate",
    // The demo's paid course (decision 078): Enroll Now goes through Stripe Checkout.
    priceCents: 2900,
    modules: [
      {
        title: "Certificates and Coverages",
        lessons: [
          {
            title: "What a Certificate Does and Does Not Prove",
            minutes: 5,
            body: `## A snapshot, not a policy

A certificate of insurance, or COI, is a one or two page summary of a vendor's policies on the day it was issued. In the US, most certificates use the standard ACORD 25 form for liability coverage.

The form itself says it is issued for information only, confers no rights on the certificate holder and does not amend, extend or alter the coverage in the policies. In plain terms: the certificate describes coverage, but the policy and its endorsements are what actually provide it.

## What a certificate tells you

- The insured vendor's legal name
- The insurers and policy numbers
- Coverage types, limits and policy periods
- Whether certain endorsements are indicated, such as additional insured or waiver of subrogation
- The certificate holder, usually the association

## What it cannot tell you

- Whether the policy has exclusions that matter for this job, such as a roofing or height exclusion
- Whether the vendor paid the premium after the certificate was issued
- Whether a checked "additional insured" box is backed by an actual endorsement

## Being the certificate holder is not enough

Being named as **certificate holder** mainly means you receive the certificate. It does not give the association any rights under the policy. That is why contracts ask for additional insured status by endorsement, covered in the next module.

## Practical takeaway

Treat the certificate as the start of your review, not the end. For higher-risk work, ask for copies of the endorsements themselves.`,
          },
          {
            title: "The Coverages to Require",
            minutes: 6,
            body: `## Match the requirement to the risk

A landscaper, a roofer and an accountant carry very different risks. Many associations set tiered requirements by type of work, reviewed with their insurance agent.

## Common coverages

- **Commercial general liability (CGL)**: bodily injury and property damage to third parties caused by the vendor's work. Usually the core requirement.
- **Workers' compensation**: injuries to the vendor's own employees. Without it, an injured worker may look to the association.
- **Employer's liability**: usually paired with workers' compensation.
- **Commercial auto liability**: for vendors who drive vehicles on the property.
- **Umbrella or excess liability**: extra limits above the underlying policies for higher-risk work.
- **Professional liability**: for engineers, architects and other advisers whose errors cause financial loss.
- **Fidelity or crime coverage**: for anyone who handles association money, such as a management company.

## Points to check on each certificate

1. The named insured matches the company on your contract.
2. Limits meet or exceed your requirements.
3. Policy dates cover the full period of the work.
4. Workers' compensation is shown, or a valid state exemption is documented.
5. The insurer is reputable; many associations ask for a minimum A.M. Best rating.

## Sole proprietors and exemptions

Small vendors sometimes have no employees and claim an exemption from workers' compensation. Rules differ by state. Ask for the state's exemption documentation and have your agent confirm the approach, because an uninsured injury on site can become the association's problem.`,
          },
        ],
        quiz: {
          title: "Certificates and Coverages Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "What does being the certificate holder on a COI give the association?",
              options: [
                "Mainly the right to receive the certificate, not coverage",
                "Full rights to make claims under the vendor's policy",
                "Automatic additional insured status",
                "A guarantee the policy will not be cancelled",
              ],
              correct: [0],
              explanation:
                "The certificate holder receives the certificate but gains no rights under the policy from that alone.",
            },
            {
              prompt: "Which coverage protects against injuries to the vendor's own employees?",
              options: [
                "Commercial general liability",
                "Workers' compensation",
                "Professional liability",
                "Fidelity coverage",
              ],
              correct: [1],
              explanation:
                "Workers' compensation covers the vendor's employees; general liability covers injuries to third parties.",
            },
            {
              prompt: "Which should you check on every certificate? Select all that apply.",
              options: [
                "The named insured matches the contracting company",
                "Policy dates cover the whole job",
                "Limits meet the association's requirements",
                "The vendor's logo appears on the form",
              ],
              correct: [0, 1, 2],
              explanation: "Name, dates and limits are essential checks; a logo has no bearing on coverage.",
            },
          ],
        },
      },
      {
        title: "Endorsements and Tracking",
        lessons: [
          {
            title: "Additional Insured, Waiver of Subrogation and Primary Wording",
            minutes: 7,
            body: `## Additional insured status

An **additional insured** endorsement extends the vendor's liability policy to protect the association for claims arising from the vendor's work. If a resident trips over a contractor's equipment and sues both the contractor and the association, the association can tender its defense to the contractor's insurer.

Additional insured status is granted by an endorsement to the policy, not by the certificate. Common standard forms include ISO CG 20 10 for ongoing operations and CG 20 37 for completed operations. Many vendors carry a blanket endorsement that applies when a written contract requires it, so the contract wording matters.

## Waiver of subrogation

After paying a claim, an insurer can normally "step into the shoes" of its insured and sue whoever caused the loss. This is subrogation. A **waiver of subrogation** is the vendor's insurer agreeing not to pursue the association. It is often requested on general liability, auto and workers' compensation policies, and is added by endorsement.

## Primary and non-contributory

This wording means the vendor's policy responds first, and does not seek contribution from the association's own policy. It helps protect the association's loss history and premiums.

## Putting it in the contract

Insurance requirements should be written into the service agreement, not just a cover email. A typical clause lists:

1. Required coverages and minimum limits
2. Additional insured status for the association, its directors, officers and manager
3. Waiver of subrogation in favor of the same parties
4. Primary and non-contributory wording
5. Notice of cancellation and delivery of renewal certificates

Have your attorney and insurance agent review the standard clause once, then use it consistently.`,
          },
          {
            title: "Collecting and Tracking Certificates",
            minutes: 5,
            body: `## A simple, repeatable process

Insurance protects the association only if it is in force when something goes wrong. A tracking process prevents the most common failure: an expired certificate nobody noticed.

## Before work starts

1. Send the vendor your written insurance requirements with the contract.
2. Ask for the certificate directly from the vendor's agent or broker, not a copy from the vendor.
3. Review it against the requirements: names, limits, dates, endorsements.
4. For higher-risk work, request copies of the additional insured and waiver endorsements.
5. Do not issue a notice to proceed until the review is complete.

## During the relationship

- Record each policy's expiration date in your vendor system.
- Request renewal certificates 30 days before expiry.
- Put vendors with lapsed coverage on hold until a current certificate arrives.
- Keep every certificate received, not just the latest one; claims can surface years later.

## Red flags

- Certificates with handwritten changes or mismatched fonts
- An insured name that differs from the contracting company
- Policy periods that end before the job does
- "Additional insured" ticked on the form but no endorsement provided when asked

## Owners' contractors

Many associations also require certificates from contractors hired by individual owners to work in units, especially for plumbing, electrical or structural work. Check whether your governing documents and rules support this and apply the requirement consistently.`,
          },
        ],
        quiz: {
          title: "Endorsements and Tracking Check",
          passPercent: 80,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "How is additional insured status actually granted to the association?",
              options: [
                "By an endorsement to the vendor's policy",
                "By listing the association as certificate holder",
                "By a verbal promise from the vendor",
                "By the association paying part of the premium",
              ],
              correct: [0],
              explanation:
                "Additional insured status comes from a policy endorsement; the certificate only describes it.",
            },
            {
              prompt: "What does a waiver of subrogation do?",
              options: [
                "It waives the vendor's deductible",
                "It cancels the vendor's policy at the end of the job",
                "It makes the association's policy pay first",
                "It stops the vendor's insurer from pursuing the association after paying a claim",
              ],
              correct: [3],
              explanation:
                "A waiver of subrogation prevents the vendor's insurer from seeking recovery from the association.",
            },
            {
              prompt: "Which are red flags on a certificate? Select all that apply.",
              options: [
                "The named insured differs from the company on the contract",
                "The policy expires before the job is scheduled to finish",
                "The certificate came directly from the vendor's insurance agent",
                "Visible handwritten changes to limits",
              ],
              correct: [0, 1, 3],
              explanation:
                "Mismatched names, short policy periods and alterations are warning signs; a certificate from the agent is good practice.",
            },
            {
              prompt: "When should renewal certificates be requested?",
              options: [
                "After a claim is filed",
                "Only when the contract is renewed",
                "Before the current policies expire, for example 30 days ahead",
                "Never, the first certificate is enough",
              ],
              correct: [2],
              explanation: "Requesting renewals before expiry avoids gaps in verified coverage.",
            },
          ],
        },
      },
    ],
  },
  {
    slug: "association-records-requests",
    targetRoles: ["manager", "attorney", "board_member", "homeowner"],
    title: "Handling Owner Records Requests",
    shortDescription:
      "A practical framework for receiving, fulfilling and documenting owner requests to inspect association records, including timelines and redactions.",
    description: `Owners in most states have a legal right to inspect and copy many of their association's records. Handled well, records requests are routine and build trust. Handled poorly, they become disputes, and in some states an association that misses a deadline can owe damages or legal fees.

This course gives a general framework that applies across states: which records are usually open, how to respond on time, what is commonly withheld or redacted and how to document each step.

State statutes differ significantly. Florida's chapter 718 (condominiums) and chapter 720 (homeowners' associations) are used here only as examples of detailed rules. This course is general information, not legal advice; confirm your obligations with your association's attorney.`,
    difficulty: "advanced",
    modules: [
      {
        title: "What Owners May Inspect",
        lessons: [
          {
            title: "Official Records and Where the Rules Come From",
            minutes: 6,
            body: `## Sources of the right to inspect

An owner's right to see association records can come from several places:

- The state's condominium, HOA or common-interest community statute
- The state's nonprofit corporation act, for associations that are incorporated
- The declaration, bylaws and any board-adopted records policy

Where these differ, the association generally must honor the broadest right that applies. Some statutes list specific "official records" in detail; Florida's section 718.111(12) for condominiums and section 720.303 for HOAs are well-known examples.

## Records that are commonly open to owners

- Governing documents: declaration, bylaws, articles, rules and amendments
- Minutes of board and owner meetings
- Budgets, financial statements, and audits or reviews
- Reserve studies and related reports
- Contracts with vendors and bids received
- Insurance policies
- Ballots, proxies and other voting records, often for a set period after the vote
- Owner rosters, subject to privacy limits

## Retention periods

Statutes often require certain records to be kept for a set number of years, and some, such as governing documents and minutes, may need to be kept permanently. A written retention schedule, reviewed by counsel, helps the association know what it should be able to produce.

## Electronic records

Email and files on directors' personal devices can be association records if they concern association business. Encourage directors to use association email accounts and shared storage so records are in one place and can be found when requested.`,
          },
          {
            title: "What Is Commonly Withheld or Redacted",
            minutes: 6,
            body: `## Not everything is open

Statutes that grant inspection rights usually also protect certain information. The specific list varies by state, but commonly protected categories include:

- **Attorney-client privileged** communications and attorney work product
- **Personnel and medical records** of employees, though some states make salary or compensation information available
- **Personal identifying information** such as Social Security numbers, driver's license numbers, bank account and credit card numbers
- **Security information**, including alarm codes, access codes and passwords
- **Records of other owners' individual accounts or violations**, in some states
- **Information an owner has asked to keep private**, such as an email address used for electronic notice, where the statute allows it

## Redact, don't withhold the whole document

When a record contains protected information, the usual approach is to redact the protected part and produce the rest. A vendor contract with a bank account number, for example, can be produced with the account number blacked out.

## A redaction checklist

1. Identify the legal basis for each redaction, such as a statute section or privilege.
2. Redact using a method that cannot be reversed; covering text with a shape in a PDF is not enough unless the file is flattened.
3. Keep an unredacted original in the records.
4. Note what was redacted and why in the request log.
5. When in doubt, ask the association's attorney before releasing.

## Purpose of the request

Many statutes do not require owners to explain why they want records, and some allow only limited restrictions on use, such as prohibiting commercial use of owner lists. Do not condition access on a reason unless your state's law clearly allows it.`,
          },
        ],
        quiz: {
          title: "Inspection Rights Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "Which records are commonly open to owner inspection? Select all that apply.",
              options: [
                "Approved board meeting minutes",
                "The association's insurance policies",
                "Social Security numbers of other owners",
                "Vendor contracts",
              ],
              correct: [0, 1, 3],
              explanation:
                "Minutes, insurance policies and contracts are commonly open; personal identifiers are protected.",
            },
            {
              prompt:
                "A contract an owner requested includes the vendor's bank account number. What is the usual approach?",
              options: [
                "Refuse to produce the contract",
                "Produce the contract with the account number redacted",
                "Produce the contract unchanged",
                "Ask the owner to sign a confidentiality agreement first",
              ],
              correct: [1],
              explanation: "Redact the protected information and produce the rest of the record.",
            },
            {
              prompt: "Where do an owner's inspection rights come from?",
              options: [
                "Only the bylaws",
                "Only the board's records policy",
                "State statutes, the governing documents and any adopted policy, with the broadest applicable right generally controlling",
                "Whatever the manager decides",
              ],
              correct: [2],
              explanation:
                "Rights come from several layers, and the association generally must honor the broadest right that applies.",
            },
          ],
        },
      },
      {
        title: "Responding on Time",
        lessons: [
          {
            title: "Intake, Deadlines and Access",
            minutes: 6,
            body: `## The clock usually starts on receipt

Many statutes set a deadline for making records available, often counted from receipt of a written request. Windows of several business days to a few weeks are common. Florida's statutes, for example, measure the response period in working or business days and allow owners to recover damages when an association fails to comply. Know your state's deadline and how it counts days.

## Intake steps

1. Ask owners to submit requests in writing, by email or through the portal, and accept a reasonable written request even if it is not on your form.
2. Date-stamp the request and calculate the deadline immediately.
3. Confirm receipt to the owner, with the expected response date.
4. Clarify vague requests quickly, but do not use clarification to delay.
5. Log the request: who, what, when received, deadline, status.

## Providing access

Associations generally may set reasonable rules for inspection, such as:

- Inspection at the management office or another convenient location during business hours
- Scheduling appointments and limiting the frequency of visits
- Providing electronic copies or a secure portal instead of paper

## Copy costs

Many statutes let associations charge for copies, and sometimes for staff time on large requests, but limit the amount to actual or reasonable costs. Publish your fees in advance and apply them consistently.

## Portals help

Posting commonly requested records, such as governing documents, budgets, financial statements and approved minutes, in an owner portal reduces requests and shows good faith. Some states now require certain associations to do exactly that.`,
          },
          {
            title: "Documenting the Response and Avoiding Disputes",
            minutes: 5,
            body: `## Your log is your evidence

If a request turns into a dispute, the association will need to show when it received the request, what it provided and when. A consistent log answers all three.

## What to record

- Date and method of receipt
- The records requested, in the owner's words
- The statutory or policy deadline
- Records provided, and the date and method
- Any records withheld or redacted, with the legal basis
- Fees charged and paid
- Communications with the owner

## Common mistakes

1. **Missing the deadline** because the request sat in someone's inbox.
2. **Asking why** the owner wants the records when the law does not require a reason.
3. **Over-redacting**, such as withholding an entire contract because one line is sensitive.
4. **Treating a frequent requester differently** from other owners.
5. **Producing privileged material** without checking with counsel.

## When you cannot meet the deadline

If a large request cannot be completed in time, communicate early. Produce what is ready, explain what remains and give a realistic date. Check whether your statute allows extensions; many do not, and good faith alone may not excuse a missed deadline.

## Escalate wisely

Involve the association's attorney when a request seeks privileged or litigation-related material, when the owner is in a dispute with the association, or when you are unsure whether a record must be produced. A short consultation costs far less than a records lawsuit.`,
          },
        ],
        quiz: {
          title: "Responding on Time Check",
          passPercent: 80,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "When does the response deadline usually start?",
              options: [
                "When the board next meets",
                "When the association receives the written request",
                "When the owner pays copy fees",
                "When the manager finishes gathering records",
              ],
              correct: [1],
              explanation: "Many statutes count the response period from receipt of the written request.",
            },
            {
              prompt:
                "Which are reasonable conditions an association may commonly set on inspection? Select all that apply.",
              options: [
                "Inspection during business hours at a convenient location",
                "Charging reasonable, published copy costs",
                "Requiring the owner to explain why they want the records in every case",
                "Providing electronic copies through a secure portal",
              ],
              correct: [0, 1, 3],
              explanation:
                "Reasonable time, place and cost rules are common; requiring a reason is often not permitted.",
            },
            {
              prompt: "A large request cannot be completed by the deadline. What is the best approach?",
              options: [
                "Say nothing until everything is ready",
                "Deny the request as too burdensome",
                "Produce what is ready, explain what remains, give a realistic date and check the statute",
                "Ask the owner to withdraw and resubmit later",
              ],
              correct: [2],
              explanation:
                "Early communication and partial production show good faith, though they may not excuse a missed statutory deadline.",
            },
            {
              prompt: "Why keep a detailed records request log?",
              options: [
                "It is evidence of when requests were received and fulfilled",
                "It lets the association limit owners to one request per year",
                "It replaces the need to produce records",
                "It is only needed for requests from attorneys",
              ],
              correct: [0],
              explanation: "The log documents receipt, production and redactions if a dispute arises.",
            },
          ],
        },
      },
    ],
  },
  {
    slug: "association-budgeting-basics",
    targetRoles: ["board_member", "cpa", "homeowner"],
    title: "Budgeting Basics for Associations",
    shortDescription:
      "Build an association budget step by step: operating versus reserve funds, realistic expense estimates and fair, well-explained assessments.",
    description: `The annual budget sets how much every owner pays and what the association can accomplish in the coming year. A realistic budget prevents mid-year shortfalls and special assessments; an unrealistic one simply postpones the problem.

This course covers the structure of an association budget, the difference between operating and reserve funds, how to estimate income and expenses, and how the budget becomes each owner's assessment.

It is designed for new board members, treasurers and owners who want to understand where their assessments go. Budget adoption procedures vary by state and governing documents, so check your own requirements.`,
    difficulty: "beginner",
    isFeatured: true,
    modules: [
      {
        title: "How an Association Budget Is Built",
        lessons: [
          {
            title: "Operating Funds and Reserve Funds",
            minutes: 5,
            body: `## Two buckets of money

Most associations keep two main funds, and the difference matters.

The **operating fund** pays for the regular, recurring costs of running the community within the year:

- Management fees and administrative costs
- Utilities for common areas
- Insurance premiums
- Landscaping, cleaning and routine maintenance
- Legal, audit and tax preparation fees

The **reserve fund** is savings for major repairs and replacements that happen every few years or decades, such as roofs, paving, painting and elevators. Its contributions are usually based on the reserve study.

## Why keep them separate

- Reserves protect current and future owners from large special assessments.
- Many states and governing documents restrict reserves to their intended purpose, and using them for operating costs may require owner approval.
- Separate bank accounts make it easy to show owners, lenders and auditors that reserves are intact.

## A simple test

Ask: "Does this cost recur every year?" If yes, it generally belongs in operating. If it is a major replacement on a multi-year cycle, it belongs in reserves.

## Common pitfalls

1. Funding routine repairs from reserves to avoid raising assessments.
2. Borrowing from reserves without a documented repayment plan.
3. Keeping operating and reserve money in the same account.

Each of these hides the true cost of running the community and shifts it to future owners.`,
          },
          {
            title: "Estimating Income and Expenses",
            minutes: 7,
            body: `## Start early

Many boards begin budget work three to four months before the fiscal year starts. That leaves time for bids, committee input and any required notice to owners before adoption.

## Gather the inputs

- At least twelve months of actual income and expenses
- Current contracts and their renewal terms
- Insurance renewal estimates from the agent
- Utility usage trends and announced rate changes
- The latest reserve study or update
- A list of known projects and maintenance needs

## Estimate line by line

1. Start from actual spending, not last year's budget.
2. Adjust for known changes, such as a new landscaping contract.
3. Apply reasonable inflation where prices are likely to rise.
4. Add a contingency line for unexpected operating costs, if your documents allow.
5. Include the reserve contribution recommended by the reserve study.

## Don't forget income

Assessments are the main source of income, but budgets may also include late fees, interest, laundry or parking revenue, and rental of amenities. Estimate these conservatively.

## Bad debt

If some owners are persistently delinquent, budget an allowance for uncollectible assessments. Ignoring delinquency produces a budget that looks balanced on paper but runs short in cash.

## Check the result

Compare the draft with the prior year and explain every significant change in a short note. If the board cannot explain a line, owners will not accept it either.`,
          },
        ],
        quiz: {
          title: "Budget Structure Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "Which expense normally belongs in the operating budget?",
              options: [
                "Replacing the building roof",
                "Monthly common-area electricity",
                "Repaving the entire parking lot",
                "Replacing the elevator",
              ],
              correct: [1],
              explanation:
                "Recurring annual costs such as utilities are operating expenses; major replacements are funded from reserves.",
            },
            {
              prompt:
                "Why should operating and reserve money be kept in separate accounts? Select all that apply.",
              options: [
                "It shows owners and lenders that reserves are intact",
                "Many states and documents restrict how reserves can be used",
                "It eliminates the need for a budget",
                "It helps prevent reserves being spent on routine costs",
              ],
              correct: [0, 1, 3],
              explanation: "Separation supports transparency and compliance; it does not replace the budget.",
            },
            {
              prompt: "What is the best starting point for estimating next year's expenses?",
              options: [
                "Last year's budget figures",
                "Another association's budget",
                "A round number chosen to keep assessments flat",
                "Actual spending over the past twelve months, adjusted for known changes",
              ],
              correct: [3],
              explanation:
                "Actual results, adjusted for known changes and inflation, give the most realistic estimate.",
            },
          ],
        },
      },
      {
        title: "From Budget to Assessments",
        lessons: [
          {
            title: "Calculating Each Owner's Share",
            minutes: 5,
            body: `## The budget drives the assessment

Once the board settles the total budget, the amount each owner pays is calculated from it. Total required income, minus other income, equals the amount to be raised through regular assessments.

## How shares are allocated

The declaration sets the allocation method, and the board cannot choose a different one. Common methods include:

- **Equal shares**: every unit pays the same amount.
- **Percentage interest**: each unit pays its percentage of common expenses, often based on size or original value.
- **Square footage**: shares tied to unit area.
- **Cost-center allocation**: some expenses, such as an elevator in one building, are charged only to the units that benefit, where the documents allow.

## A worked example

A 40-unit community with equal shares needs 480,000 dollars from assessments for the year. Each unit's annual share is 480,000 / 40 = 12,000 dollars, or 1,000 dollars a month.

If the declaration instead assigns a unit a 2.5 percent interest, that unit pays 2.5 percent of 480,000, or 12,000 dollars a year.

## Special assessments

A special assessment is a one-time charge for a cost not covered by the budget, such as an uninsured loss or an underfunded project. Governing documents and state law often limit special assessments, for example by requiring an owner vote above a certain amount, or specific notice. Check before the board votes.

## Rounding and consistency

Round assessments the same way for every unit, document the calculation and keep the worksheet with the budget records.`,
          },
          {
            title: "Adopting and Communicating the Budget",
            minutes: 6,
            body: `## Follow the adoption procedure

Governing documents and state law set how a budget is adopted. Common requirements include:

- Sending a proposed budget to owners a set number of days before the meeting
- Adopting the budget at a properly noticed open board meeting
- In some associations, an owner vote or an opportunity for owners to reject the budget
- Limits on increases above a certain percentage without owner approval

Missing a step can make the new assessment vulnerable to challenge, so build the timeline backwards from the fiscal year start.

## Explain the numbers

Owners accept increases more readily when they understand them. A good budget package includes:

1. A one-page summary with the total budget and the assessment per unit.
2. A comparison with the prior year's budget and actual results.
3. A short explanation of each significant change, such as an insurance increase.
4. The reserve contribution and how it relates to the reserve study.
5. Answers to questions owners are likely to ask.

## After adoption

- Send each owner written notice of the new assessment and due dates.
- Update the billing system before the first invoice.
- Review actual results against budget monthly or quarterly and report variances to the board.

## When the budget is off

If actual costs run well over budget, address it early. Options include reducing discretionary spending, using an operating contingency or, as a last resort and where permitted, a special assessment. Quietly dipping into reserves is rarely the right answer.`,
          },
        ],
        quiz: {
          title: "Assessments Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt:
                "A 50-unit association with equal shares must raise 300,000 dollars from assessments. What is each unit's monthly assessment?",
              options: ["500 dollars", "600 dollars", "6,000 dollars", "250 dollars"],
              correct: [0],
              explanation: "300,000 / 50 = 6,000 dollars a year per unit, which is 500 dollars a month.",
            },
            {
              prompt: "Who decides how common expenses are allocated among units?",
              options: [
                "The board, each year",
                "The management company",
                "The declaration, which the board must follow",
                "A vote at each budget meeting",
              ],
              correct: [2],
              explanation: "The allocation method is set by the declaration, and the board applies it.",
            },
            {
              prompt: "What should a budget package for owners include? Select all that apply.",
              options: [
                "A comparison with the prior year",
                "Explanations for significant changes",
                "The reserve contribution and its basis",
                "Each director's personal bank details",
              ],
              correct: [0, 1, 2],
              explanation:
                "Comparisons, explanations and the reserve basis help owners understand the budget.",
            },
            {
              prompt:
                "Actual expenses are running well over budget at mid-year. Which response is generally least appropriate?",
              options: [
                "Reviewing discretionary spending",
                "Reporting the variance to the board promptly",
                "Quietly using reserve funds to cover operating costs",
                "Using an operating contingency if one exists",
              ],
              correct: [2],
              explanation:
                "Using reserves for operating costs may be restricted and shifts the cost to future owners.",
            },
          ],
        },
      },
    ],
  },
  {
    slug: "collections-and-delinquency",
    targetRoles: ["manager", "attorney", "cpa"],
    title: "Collections and Delinquency: A Fair, Documented Process",
    shortDescription:
      "Design and run a consistent collections process, from reminder notices and payment plans to knowing when to involve the association's attorney.",
    description: `When some owners do not pay, the others carry the cost. A clear collections process protects the association's cash flow while treating every owner fairly and consistently.

This course covers adopting a written collections policy, the typical stages of delinquency, payment plans, communicating with delinquent owners, and when and how to hand an account to the association's attorney.

Collection law is complex and varies by state, and federal law may apply to those who collect on the association's behalf. This course is general information, not legal advice. Work with your association's attorney to set and apply your policy.`,
    difficulty: "intermediate",
    modules: [
      {
        title: "Building the Process",
        lessons: [
          {
            title: "A Written Collections Policy",
            minutes: 6,
            body: `## Why a written policy

A collections policy adopted by the board at an open meeting sets out, in advance, what happens when an assessment is late. It removes guesswork and personal judgment from individual cases and makes the process defensible if an owner claims unfair treatment.

## What the policy typically covers

- Assessment due dates and any grace period
- Late fees and interest, within the limits of the governing documents and state law
- The timing and content of each notice
- When an account is referred to a collection agency or attorney
- Whether and how payment plans are offered
- How partial payments are applied, if state law or the documents do not dictate it
- Who has authority to approve waivers or exceptions

## Apply it to everyone

Consistency is the core principle. If the board waives a late fee for a director's neighbor but not for others, it invites claims of selective enforcement. Any exception should follow a stated standard, such as a documented hardship, and be recorded.

## Check the legal framework

1. Review the declaration's provisions on assessments, liens and fees.
2. Check state law on notice periods, lien rights, fee caps and foreclosure limits.
3. Confirm whether any required notices must use specific wording or delivery methods.
4. Have the association's attorney review the policy before adoption.

## Share it with owners

Send the policy to all owners and post it in the portal. Owners who know the consequences in advance are more likely to pay on time or to ask for help early.`,
          },
          {
            title: "The Stages of Delinquency",
            minutes: 6,
            body: `## A typical sequence

Each association's timeline will differ, but most follow a similar escalating path:

1. **Due date passes**: the account becomes past due. A grace period may apply.
2. **Courtesy reminder**: a friendly statement showing the balance and how to pay.
3. **Late notice**: a late fee is charged as permitted, and the owner is reminded of the policy.
4. **Formal demand**: a written notice of the amount owed and what will happen if it is not paid by a stated date. Some states require a specific pre-lien notice and waiting period.
5. **Referral to counsel or a collection agency**: the account moves out of routine management.
6. **Lien and further legal action**: handled by the attorney, following state law.

## Keep it moving

Delinquencies are far easier to resolve when they are small. An account that sits for a year accumulates fees, becomes harder for the owner to pay and is more expensive to collect. Set calendar triggers so each stage happens on schedule.

## Document everything

- Copies of every notice sent, with date and delivery method
- Notes of phone calls and emails with the owner
- The ledger showing charges, payments and how each payment was applied
- Board decisions on the account, recorded in executive session minutes where appropriate

## Privacy

Discuss individual delinquencies only in executive session or with those who need to know. Do not post names of delinquent owners publicly or discuss balances with neighbors.`,
          },
        ],
        quiz: {
          title: "Collections Process Check",
          passPercent: 70,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "What is the main benefit of a written collections policy adopted in advance?",
              options: [
                "It allows the board to charge any fee it chooses",
                "It ensures every delinquent account is handled consistently",
                "It removes the need for notices",
                "It replaces state law",
              ],
              correct: [1],
              explanation:
                "A written policy applied to everyone supports fairness and defends against claims of selective treatment.",
            },
            {
              prompt: "Which belong in the collections documentation file? Select all that apply.",
              options: [
                "Copies of notices with dates and delivery methods",
                "Notes of calls with the owner",
                "A ledger showing how each payment was applied",
                "A list of the owner's neighbors' opinions",
              ],
              correct: [0, 1, 2],
              explanation:
                "Notices, contact notes and the ledger create the record the association may need later.",
            },
            {
              prompt: "Where should the board discuss a specific owner's delinquency?",
              options: [
                "In the open session, naming the owner",
                "In the community newsletter",
                "In executive session or only with those who need to know",
                "On the community social media page",
              ],
              correct: [2],
              explanation:
                "Individual delinquencies are private matters commonly handled in executive session.",
            },
          ],
        },
      },
      {
        title: "Payment Plans and Escalation",
        lessons: [
          {
            title: "Payment Plans That Work",
            minutes: 5,
            body: `## Why offer plans

Most delinquent owners want to pay but have hit a temporary setback, such as a job loss or medical bills. A realistic payment plan often recovers the full balance faster and more cheaply than legal action.

## Elements of a good plan

- **In writing**, signed by the owner, and approved under the policy
- **Current assessments** must be paid on time in addition to plan installments
- **A clear schedule** of amounts and due dates
- **A defined term**, often a few months to a year depending on the balance
- **Default terms**: what happens if a payment is missed, such as the plan ending and collection resuming
- **Fees and interest** during the plan, as allowed by the policy and law

## Consistency again

Offer plans on the same terms to owners in similar situations. A standard plan template, with a documented process for approving exceptions, keeps decisions fair and quick.

## Monitoring

1. Record each plan in the accounting system with its payment schedule.
2. Review plan accounts monthly.
3. Contact the owner promptly after a missed payment.
4. If the plan defaults, follow the stated default terms rather than renegotiating indefinitely.

## If the account is already with the attorney

Once an account has been referred to counsel, payment arrangements should usually go through the attorney, so the legal process and the plan stay aligned. Managers and directors should avoid making side agreements directly with the owner.`,
          },
          {
            title: "When to Involve an Attorney",
            minutes: 7,
            body: `## The hand-off point

The collections policy should set an objective trigger for referral, such as a balance above a certain amount or a number of days past due after a formal demand. An objective trigger avoids delay and keeps the process consistent.

## Situations that call for counsel

- The account has reached the referral trigger in the policy
- The board is considering recording a lien or any further legal action
- The owner files for bankruptcy: the automatic stay generally stops collection activity, so pause and contact the attorney immediately
- The owner is an active-duty servicemember, who may have protections under the federal Servicemembers Civil Relief Act
- The owner disputes the debt in writing or claims the association made an error
- The unit is in foreclosure by a lender or is being sold
- The owner is represented by an attorney

## Federal and state collection rules

The federal Fair Debt Collection Practices Act can apply to third parties who collect assessments on the association's behalf, such as collection firms and, in some circumstances, attorneys or managers. Many states have their own collection laws as well. These rules affect what notices say, when contact is allowed and what fees may be charged, which is another reason to use experienced counsel.

## Working with counsel

1. Provide a complete file: ledger, notices, contact notes, governing documents.
2. Agree in advance how legal fees are charged and whether they can be passed to the owner under the documents and state law.
3. Ask for regular status reports on referred accounts.
4. Have the board, not an individual director, approve major steps such as foreclosure, in executive session with the vote recorded as required.`,
          },
        ],
        quiz: {
          title: "Plans and Escalation Check",
          passPercent: 80,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "Which terms belong in a written payment plan? Select all that apply.",
              options: [
                "Current assessments must continue to be paid on time",
                "A schedule of installment amounts and due dates",
                "What happens if a payment is missed",
                "A promise that the owner will never be charged late fees again",
              ],
              correct: [0, 1, 2],
              explanation: "A good plan covers ongoing assessments, the schedule and default terms.",
            },
            {
              prompt:
                "A delinquent owner notifies the manager they have filed for bankruptcy. What should happen next?",
              options: [
                "Pause collection activity and contact the association's attorney",
                "Send a final demand letter the same day",
                "Record a lien before the court acts",
                "Offer the owner a side agreement",
              ],
              correct: [0],
              explanation:
                "The bankruptcy automatic stay generally stops collection activity, so counsel should be consulted immediately.",
            },
            {
              prompt: "Why should the referral to an attorney be triggered by objective criteria?",
              options: [
                "So directors can choose which owners to pursue",
                "To avoid documenting the account",
                "Because attorneys will not accept other referrals",
                "To keep the process consistent and avoid delay",
              ],
              correct: [3],
              explanation:
                "Objective triggers apply equally to all owners and keep accounts from aging unnecessarily.",
            },
            {
              prompt:
                "An account is already with the association's attorney and the owner calls a director to propose a payment plan. What is best?",
              options: [
                "The director agrees to a plan on the spot",
                "The director refers the owner to the attorney so the plan goes through counsel",
                "The director refuses to discuss any plan ever",
                "The director waives the attorney's fees personally",
              ],
              correct: [1],
              explanation:
                "Once an account is with counsel, arrangements should go through the attorney to keep the process aligned.",
            },
          ],
        },
      },
    ],
  },
  {
    // A refresher (decision 086): completing it renews the certificate of the board meetings course
    // (decision 077: the same number, a new expiry 24 months on).
    slug: "board-meetings-refresher",
    targetRoles: ["board_member", "manager"],
    title: "Board Meetings Refresher: What to Check Every Two Years",
    shortDescription:
      "A short refresher for holders of the Running a Board Meeting certificate: notice, quorum, motions and minutes revisited, with the questions boards most often get wrong.",
    description: `Two years is long enough for habits to drift and for rules to change. This refresher goes back over the parts of running a board meeting where associations most often get into trouble, and asks you to check your own board's practice against them.

Completing it, with its quiz passed, renews your certificate for Association Board Fundamentals: Running a Board Meeting for another 24 months. Your certificate keeps its number, so printed copies and QR codes keep working.

As with the full course, rules differ by state and by governing documents; confirm the specifics with your own documents and counsel.`,
    difficulty: "intermediate",
    renewsCourseSlug: "association-board-fundamentals-meetings",
    modules: [
      {
        title: "Refresh the Essentials",
        lessons: [
          {
            title: "Notice and Quorum: A Two-Year Check-Up",
            minutes: 6,
            body: `## Start with what changed

Before you look at your own meetings, look at the rules. In the last two years:

- Has your state amended its condominium, HOA or nonprofit statute? Legislatures often change notice periods, electronic-meeting rules and owner-comment rights.
- Has your association amended its bylaws, or adopted new board policies on posting, remote attendance or recording?
- Has the board's membership changed? New directors may not know the standing rules.

Ask your manager or counsel for a one-page summary of changes and put it in the next board packet.

## Audit three recent notices

Pick three meetings from the last year and check each notice against your current rules:

1. Was it posted and delivered for the full required period, counted the way your statute counts days?
2. Did the agenda list each item the board acted on, specifically enough that an owner would understand it?
3. Is there proof of notice on file: an affidavit, a dated screenshot, a mailing log?

A single gap is worth fixing now, before a disputed vote depends on it.

## Quorum habits that drift

- **Counting remote directors.** Confirm your documents allow it and that everyone can hear and be heard.
- **Directors who leave early.** Quorum is needed for each vote, not just at the call to order. Note departures in the minutes.
- **Vacancies.** Know whether quorum is counted against the full number of seats or the directors in office.`,
          },
          {
            title: "Motions, Conflicts and Minutes Revisited",
            minutes: 7,
            body: `## Motions: say exactly what is decided

Vague motions cause most disputes about what a board decided. A good motion names the action, the amount and the limits: "to approve the proposal of Coastal Roofing dated 3 March for $48,600 from the reserve fund, with work to start after 1 May".

Check your last few sets of minutes. If a stranger could not tell from the motion what was approved, tighten the wording at the next meeting.

## Conflicts of interest

Directors owe their duties to the association as a whole. When a director, or a relative or business of theirs, stands to gain from a decision:

- the director discloses the interest before discussion;
- the disclosure is recorded in the minutes;
- the director does not vote, and usually does not take part in the discussion, as your documents and statute require.

An undisclosed conflict can undo a contract and remove the protection the business judgment rule gives a careful board.

## Minutes: a record, not a transcript

Minutes should show who attended, that notice was given and quorum present, each motion with who made and seconded it and how the vote went, and any disclosed conflicts and abstentions. They should not record the back-and-forth of debate or characterise anyone's views.

## Executive session

Use it only for the subjects your statute allows, such as legal advice, personnel matters or a specific owner's delinquency. State the general reason in the open meeting, and take any final vote in open session unless the law says otherwise.`,
          },
        ],
        quiz: {
          title: "Refresher Check",
          passPercent: 80,
          retryCooldownMinutes: 10,
          questions: [
            {
              prompt: "A director leaves a meeting early and the board no longer has a quorum. What follows?",
              options: [
                "The board may keep voting, because quorum was present at the call to order",
                "The board may not take further votes until a quorum is present again",
                "The president may decide the remaining items alone",
                "The manager may vote in the director's place",
              ],
              correct: [1],
              explanation: "Quorum is needed for each vote, not only when the meeting opens.",
            },
            {
              prompt: "Which of these belong in the minutes? Select all that apply.",
              options: [
                "Each motion, who made and seconded it, and the result of the vote",
                "A director's disclosed conflict of interest and their abstention",
                "A word-for-word account of the debate",
                "That notice was given and a quorum was present",
              ],
              correct: [0, 1, 3],
              explanation:
                "Minutes record actions and the facts that make them valid, not the debate itself.",
            },
            {
              prompt: "Which motion is written well enough to show later exactly what was approved?",
              options: [
                "To move forward with the roof",
                "To approve the roofing project as discussed",
                "To approve the proposal of Coastal Roofing dated 3 March for $48,600 from the reserve fund",
                "To let the manager handle the roof",
              ],
              correct: [2],
              explanation: "A good motion names the action, the amount and its limits.",
            },
            {
              prompt: "What should a board do first when its state amends the statute on meeting notice?",
              options: [
                "Nothing until an owner complains",
                "Check its notice practice and policies against the new rule and update them",
                "Stop holding meetings until the bylaws are amended",
                "Keep following the old rule, since the bylaws have not changed",
              ],
              correct: [1],
              explanation:
                "The strictest applicable rule controls; a statute change can make an old practice insufficient.",
            },
          ],
        },
      },
    ],
  },
];

/** The demo learning paths (issue 30, parts 4 and 8): the demo courses in order toward a goal. */
export const DEMO_PATHS: PathDefinition[] = [
  {
    slug: "new-board-member-essentials",
    title: "New Board Member Essentials",
    shortDescription: "Your first months on the board: meetings, the budget and owners' records requests.",
    description:
      "A path for directors in their first year. It starts with how a lawful, efficient board meeting runs, moves on to the budget the board adopts every year, and ends with the records owners may ask to see.\n\nTake the courses in order; each builds on the one before.",
    difficulty: "beginner",
    estimatedDurationDays: 14,
    isFeatured: true,
    targetRole: "board_member",
    courseSlugs: [
      "association-board-fundamentals-meetings",
      "association-budgeting-basics",
      "association-records-requests",
    ],
  },
  {
    slug: "association-finance-foundations",
    title: "Association Finance Foundations",
    shortDescription: "Budgets, reserve studies and collections: the money side of running an association.",
    description:
      "For treasurers, managers and accountants. Build a budget, read the reserve study behind its reserve line, and run a fair, documented collections process when assessments go unpaid.\n\nEach course stands alone; together they cover the year's financial work.",
    difficulty: "intermediate",
    estimatedDurationDays: 21,
    targetRole: "manager",
    courseSlugs: ["association-budgeting-basics", "reading-a-reserve-study", "collections-and-delinquency"],
  },
  {
    // The demo's paid path (decision 078): its price buys both courses; inside it the insurance course
    // counts at 20% off, so someone who already bought that course pays the rest ($24.00 - $23.20).
    slug: "vendor-oversight-toolkit",
    title: "Vendor Oversight Toolkit",
    shortDescription:
      "Insurance certificates and the records behind them: oversee vendors with the paperwork in order.",
    description:
      "For managers and board members who hire and oversee contractors. Learn what a certificate of insurance proves and how to track coverage, then how the association's records are kept, requested and produced.\n\nThe path's price includes both courses.",
    difficulty: "intermediate",
    estimatedDurationDays: 10,
    targetRole: "manager",
    priceCents: 2400,
    individualCourseDiscountPercent: 20,
    courseSlugs: ["vendor-insurance-certificates", "association-records-requests"],
  },
];

/**
 * The demo courses' continuing-education hours (issue 30, part 6; decision 079), in tenths of the
 * licence type's hour: never more than the course's minutes of instruction give (Florida: 50-minute
 * hours; tests/unit/learning-ce.test.ts checks), in the subjects their lessons teach.
 */
export const DEMO_CE_CREDITS: Record<string, CourseCeCredit[]> = {
  "association-board-fundamentals-meetings": [
    { licenceType: "fl-cam", subject: "legal_update", tenths: 6 },
    { licenceType: "fl-cam", subject: "human_resources", tenths: 5 },
    { licenceType: "fl-cam-hoa", subject: "legal_update", tenths: 6 },
    { licenceType: "fl-cam-hoa", subject: "human_resources", tenths: 5 },
    { licenceType: "cmca", subject: "elective", tenths: 9 },
  ],
  "reading-a-reserve-study": [
    { licenceType: "fl-cam", subject: "physical_property", tenths: 7 },
    { licenceType: "fl-cam-hoa", subject: "physical_property", tenths: 7 },
    { licenceType: "cmca", subject: "elective", tenths: 6 },
  ],
  "vendor-insurance-certificates": [
    { licenceType: "fl-cam", subject: "insurance_financial", tenths: 7 },
    { licenceType: "fl-cam-hoa", subject: "insurance_financial", tenths: 7 },
  ],
  "association-records-requests": [
    { licenceType: "fl-cam", subject: "legal_update", tenths: 7 },
    { licenceType: "fl-cam-hoa", subject: "hoa_management", tenths: 7 },
  ],
  "association-budgeting-basics": [
    { licenceType: "fl-cam", subject: "insurance_financial", tenths: 7 },
    { licenceType: "fl-cam-hoa", subject: "insurance_financial", tenths: 7 },
  ],
  "collections-and-delinquency": [
    { licenceType: "fl-cam", subject: "legal_update", tenths: 4 },
    { licenceType: "fl-cam", subject: "insurance_financial", tenths: 3 },
    { licenceType: "fl-cam-hoa", subject: "hoa_management", tenths: 7 },
  ],
};
