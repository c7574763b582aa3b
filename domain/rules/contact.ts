import { z } from "zod";
import { emailField } from "./accounts";

/** The public contact form (/contact): what it asks, its limits and its messages. */
export const CONTACT_TOPICS = [
  "sales",
  "support",
  "verification",
  "billing",
  "partnership",
  "other",
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  sales: "Sales: the platform for my association or company",
  support: "Help with my account",
  verification: "Verification of a professional role",
  billing: "Vendor credits and billing",
  partnership: "Partnerships and press",
  other: "Something else",
};

export const CONTACT_LIMITS = {
  nameMax: 120,
  organizationMax: 160,
  messageMin: 10,
  messageMax: 5000,
} as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Enter your name",
  topicRequired: "Choose a topic",
  messageRequired: "Enter your message",
  messageTooShort: `Your message must be at least ${CONTACT_LIMITS.messageMin} characters`,
  messageTooLong: `Your message must be at most ${CONTACT_LIMITS.messageMax} characters`,
  sentTitle: "Thank you, your message has been sent",
  sent: "We read every message and answer by e-mail, usually within 1-2 business days.",
  sendFailed: "Your message was not sent",
} as const;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const ContactSchema = z.object({
  name: z
    .string({ required_error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(CONTACT_LIMITS.nameMax),
  email: emailField,
  organization: z.preprocess(
    blankToUndefined,
    z.string().trim().max(CONTACT_LIMITS.organizationMax).optional(),
  ),
  topic: z.enum(CONTACT_TOPICS, { errorMap: () => ({ message: CONTACT_MESSAGES.topicRequired }) }),
  message: z
    .string({ required_error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(CONTACT_LIMITS.messageMin, CONTACT_MESSAGES.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, CONTACT_MESSAGES.messageTooLong),
});
export type ContactInput = z.output<typeof ContactSchema>;

export const isContactTopic = (value: unknown): value is ContactTopic =>
  typeof value === "string" && (CONTACT_TOPICS as readonly string[]).includes(value);
