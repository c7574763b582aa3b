import type { LegalResourceDefinition } from "../app/commands/legal.server";

/**
 * Legal Resources' own content (issue 30, part 9): articles and templates written for this product.
 * General information for association boards and managers, not legal advice; where a rule is
 * state-specific the resource names its state and the statute to check. Seeded by db/seed-legal.ts.
 */

export const RECORDS_REQUEST_TEMPLATE: LegalResourceDefinition = {
  slug: "records-request-letter",
  title: "Owner's Request to Inspect Association Records",
  kind: "template",
  state: "ALL",
  topic: "records",
  summary:
    "A letter an owner sends to the board to inspect or copy the association's official records, with the records listed and a date to answer by.",
  body: `[Date]

[Association Name]
Attn: Board of Directors
c/o [Management Company or Registered Agent]
[Association Mailing Address]

**Re: Request to inspect and copy official records**

Dear Board of Directors,

I am the owner of [Unit or Lot Number] at [Property Address], a member of [Association Name]. Under the
association's governing documents and the state law that applies to the association ([Statute, e.g. Fla. Stat. 718.111(12)]),
I ask to inspect and copy the following official records:

1. [Record 1, e.g. this year's approved budget]
2. [Record 2, e.g. last year's bank statements]
3. [Record 3, e.g. board minutes for the last year]
4. [Record 4, e.g. the management contract]

Please tell me, in writing and by [Answer By Date], when and where the records will be available, or
send electronic copies to [Email Address]. I will pay the reasonable copying cost the law allows; please
tell me the cost before making copies.

If any record is withheld, please name it and the legal reason for withholding it.

Thank you,

[Owner Name]
[Owner Mailing Address]
[Owner Phone]

_Keep a copy of this letter and proof of delivery (certified mail receipt or e-mail confirmation): the
time the association has to answer usually runs from the day it receives the request._
`,
};

export const MEETING_NOTICE_TEMPLATE: LegalResourceDefinition = {
  slug: "board-meeting-notice",
  title: "Notice of Board of Directors Meeting",
  kind: "template",
  state: "ALL",
  topic: "meetings",
  summary:
    "A notice of a board meeting with the date, time, place or video link, and a specific agenda, ready to post and send to owners.",
  body: `## NOTICE OF MEETING OF THE BOARD OF DIRECTORS

**[Association Name]**

A meeting of the Board of Directors will be held:

- **Date:** [Meeting Date]
- **Time:** [Meeting Time]
- **Place:** [Meeting Location]
- **Video or phone:** [Video or Phone Details]

### Agenda

1. Call to order and roll call; quorum
2. Proof of notice of the meeting
3. Approval of the minutes of [Previous Meeting Date]
4. Reports: [Reports, e.g. treasurer, management, committees]
5. Unfinished business: [Unfinished Business]
6. New business: [New Business, described specifically]
7. Owner comments on agenda items
8. Adjournment

Owners may attend and speak on agenda items as the association's rules allow. [Special Assessment Statement]

Posted on [Posting Date] at [Posting Location] by [Name and Title of Person Posting].

_Check how far ahead this notice must be posted and mailed: many states and governing documents require
more notice (and a statement of purpose and cost) when the board will consider a special assessment,
rules about the use of units, or an emergency item. An item not on the agenda may not be something the
board can decide at this meeting._
`,
};

export const COLLECTION_LETTER_TEMPLATE: LegalResourceDefinition = {
  slug: "delinquent-assessment-letter",
  title: "Notice of Late Assessment (First Collection Letter)",
  kind: "template",
  state: "ALL",
  topic: "collections",
  summary:
    "A courteous first notice to an owner who is behind on assessments: the amount owed by item, the date to pay by, ways to pay, and what happens next.",
  body: `[Date]

[Owner Name]
[Owner Mailing Address]

**Re: Past-due assessments for [Unit or Lot Number], [Property Address]**

Dear [Owner Name],

Our records show that the following amounts are past due on your account with [Association Name]:

| Item | Amount |
| --- | --- |
| Assessments for [Assessment Periods] | [Assessment Amount] |
| Late fees | [Late Fee Amount] |
| Interest | [Interest Amount] |
| **Total due** | **[Total Amount Due]** |

Please pay the total due by **[Pay By Date]**. You can pay by [Payment Methods]. Payments go to
[Payment Address].

If you believe this amount is wrong, or if you would like to ask about a payment plan, please contact
[Contact Name] at [Contact Phone or Email] before [Pay By Date]. The board considers payment plans under
its written collection policy.

If the account is not paid or otherwise resolved by [Pay By Date], the association may refer it to its
attorney for collection as its governing documents and state law allow. That may add attorney's fees and
costs to the account and may lead to a lien on the property.

Sincerely,

[Name and Title]
On behalf of the Board of Directors, [Association Name]

_Before sending: confirm the notice periods, the content the law requires, and the delivery method for
your state (some require certified mail and a specific waiting period before an attorney is involved).
A collector other than the association itself may also be subject to the federal Fair Debt Collection
Practices Act._
`,
};

export const FLORIDA_RECORDS_ARTICLE: LegalResourceDefinition = {
  slug: "florida-owners-right-to-inspect-records",
  title: "Florida: An Owner's Right to Inspect Association Records",
  kind: "article",
  state: "FL",
  topic: "records",
  summary:
    "What counts as an official record in a Florida condominium or HOA, how quickly the association must make records available, what may be withheld, and what a missed deadline can cost.",
  body: `Florida gives unit and parcel owners a strong right to see their association's records. For
condominiums the rules are in **section 718.111(12), Florida Statutes**; for homeowners' associations in
**section 720.303(4)-(5)**. Cooperatives have a similar rule in chapter 719. The statutes are amended
often, so read the current version before relying on a detail below.

## What the association must keep

Official records include, among others: the declaration, articles, bylaws and rules with their
amendments; minutes of owner and board meetings; the books of account and bank statements; contracts the
association is a party to; bids received; insurance policies; the list of owners; and, for condominiums,
the records of elections (ballots, sign-in sheets and proxies) for the period the statute sets.

## How fast the association must answer

A written request from an owner (or their authorised representative) must be answered by making the
records available for inspection **within 10 working days** of receipt. If it does not, the law presumes
the failure was willful, and the owner may recover damages for each calendar day the failure continues
(for condominiums, starting on the 11th working day after the request), plus attorney's fees if the
owner has to go to court.

Practical tips for boards and managers:

- Log every records request with the date it was received, and answer in writing.
- Offer a place and time, or electronic copies; the association may charge the actual cost of copies
  and, within limits, of the personnel time it takes to retrieve them.
- Larger condominiums must post certain records on a website or app.

## What may be withheld

The statutes list records that are not open to owners, for example: privileged communications with the
association's attorney, information about a pending lawsuit prepared for it, personnel and medical
records, social security and driver's licence numbers, e-mail addresses and phone numbers where the owner
did not consent, and security information. Withhold only what a specific exception covers, and redact
rather than refuse a whole document.

## When to call an attorney

Before refusing any record, when an owner threatens suit over a request, and whenever a request mixes
official records with privileged material.
`,
};

export const RECORDS_GENERAL_ARTICLE: LegalResourceDefinition = {
  slug: "handling-owner-records-requests",
  title: "Handling Owner Records Requests: A Checklist for Any State",
  kind: "article",
  state: "ALL",
  topic: "records",
  summary:
    "A practical checklist for receiving, logging, answering and documenting owner requests to inspect records, whatever state the association is in.",
  body: `Almost every state gives owners in a condominium or homeowners' association some right to inspect
the association's books and records. The details differ (which records, how fast, what may be charged,
what may be withheld), but a good process is the same everywhere.

## 1. Receive and log

- Ask for requests in writing (e-mail counts in many states) and note the date received.
- Keep a log: who asked, what they asked for, the deadline, and what was provided when.

## 2. Find the deadline

Look up your state's statute and your governing documents. Some states set a fixed number of business
days (Florida and California both use 10 business days for many records); others say "reasonable time".
Use the shortest deadline that applies.

## 3. Gather and review

- Collect the records; decide with counsel whether anything is privileged or protected (attorney advice,
  personnel files, other owners' personal information).
- Redact protected details instead of withholding a whole record where you can.

## 4. Answer in writing

Offer a time and place to inspect, or send copies. State any copying charge in advance. If something is
withheld, say what and why.

## 5. Keep proof

Keep the request, the answer, and what was provided. A complete file is the best defence if a dispute
follows.
`,
};

export const FLORIDA_MEETING_NOTICE_ARTICLE: LegalResourceDefinition = {
  slug: "florida-notice-of-board-meetings",
  title: "Florida: Notice Requirements for Board Meetings",
  kind: "article",
  state: "FL",
  topic: "meetings",
  summary:
    "How much notice a Florida condominium or HOA board must give of its meetings, what the notice must say, and the special rules for assessments and rule changes.",
  body: `Florida requires association boards to meet in the open and to tell owners in advance. For
condominiums see **section 718.112(2)(c), Florida Statutes**; for homeowners' associations **section
720.303(2)**. Check the current text and your bylaws, which may require more.

## The basic rule: 48 hours, posted

Notice of every board meeting, with a **specific agenda**, must be posted conspicuously on the property
at least **48 continuous hours** before the meeting, except in an emergency. Many associations may also
post on a website, an app or a closed-circuit channel if their rules adopt that method.

## Longer notice for money and rules

When the board will consider a **non-emergency special assessment**, or (for condominiums) an amendment
to rules about the **use of units**, notice must be mailed, delivered or electronically sent to owners
and posted at least **14 days** before the meeting, and must say that the item will be considered. A
special assessment notice must also state its purpose.

## What the agenda must do

Owners must be able to tell from the agenda what the board will decide. An item that is not on the
agenda generally may not be acted on, except in an emergency, and then it must be ratified at the next
regular meeting.

## Owners' right to speak

Owners may speak on designated agenda items, subject to reasonable written rules the board adopts (for
example, on how long each person may speak). They may also record the meeting.

## Keep proof of notice

An affidavit or a board member's statement of when and where the notice was posted and mailed should be
kept with the minutes.
`,
};

export const COLLECTIONS_ARTICLE: LegalResourceDefinition = {
  slug: "collection-process-basics",
  title: "The Collection Process: From Late Notice to Lien",
  kind: "article",
  state: "ALL",
  topic: "collections",
  summary:
    "The usual steps an association takes when an owner falls behind, the policy every board should adopt first, and the points where an attorney must be involved.",
  body: `Assessments pay for insurance, maintenance and reserves; when an owner does not pay, the others
carry the cost. A fair, written and consistently applied collection process protects the association
and treats owners equally.

## Adopt a collection policy first

The board should adopt, by resolution, a policy that sets: when a payment is late, the late fee and
interest (within what the governing documents and state law allow), when reminder notices go out, when
an account goes to the attorney, and whether and how payment plans are offered. Apply it to everyone.

## The usual steps

1. **Reminder** shortly after the due date.
2. **Formal notice of late assessment** with the amount owed by item, a date to pay by and what happens
   next (see the template in this library). Many states require a specific notice and waiting period
   before fees for an attorney may be charged; Florida, for example, requires a written notice and a
   waiting period before the account is turned over, and a separate notice of intent to record a lien.
3. **Referral to the association's attorney**, who sends the demands the law requires.
4. **Claim of lien** recorded against the property.
5. **Foreclosure or a lawsuit for money**, only on the board's decision and advice of counsel.

## Payments and disputes

Apply payments in the order the statute or documents set (often interest, late fees, costs and
attorney's fees, then assessments). Answer disputes in writing. Keep the owner's account ledger
accurate: it is the evidence in every later step.

## Where the law gets strict

Debt collectors other than the association itself may be subject to the federal Fair Debt Collection
Practices Act, bankruptcy stops collection at once, and some states limit foreclosure for small debts.
Involve an attorney before step 3.
`,
};

export const INSURANCE_ARTICLE: LegalResourceDefinition = {
  slug: "vendor-certificates-of-insurance",
  title: "Vendor Certificates of Insurance: What to Ask For",
  kind: "article",
  state: "ALL",
  topic: "insurance",
  summary:
    "Which coverages to require from contractors, how to read a certificate of insurance, and why the association should be an additional insured.",
  body: `Before a contractor starts work, the association should have proof that the contractor is insured,
so that an accident on the job is not paid for by the association's own policy (or its owners).

## Coverages to require

- **Commercial general liability**, with limits set by the size of the job (your insurance agent can
  suggest amounts).
- **Workers' compensation** as the contractor's state requires, or a valid exemption.
- **Commercial auto** when vehicles are used on the property.
- **Umbrella** for larger or riskier work (roofs, high-rise facades, pools).

## Reading the certificate

Check that the named insured matches the contract, the policy dates cover the whole job, the limits meet
the contract, and the association is listed as **additional insured** on the liability policy (ideally
with a copy of the endorsement, because a certificate alone does not change a policy).

## Keep it current

Track expiry dates and ask for a renewed certificate before one lapses. Write the insurance requirements
into every contract.
`,
};

export const DEMO_LEGAL_RESOURCES: readonly LegalResourceDefinition[] = [
  RECORDS_REQUEST_TEMPLATE,
  MEETING_NOTICE_TEMPLATE,
  COLLECTION_LETTER_TEMPLATE,
  FLORIDA_RECORDS_ARTICLE,
  RECORDS_GENERAL_ARTICLE,
  FLORIDA_MEETING_NOTICE_ARTICLE,
  COLLECTIONS_ARTICLE,
  INSURANCE_ARTICLE,
];
