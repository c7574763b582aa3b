import type { Queryable } from "@db/client";
import { contactMessages } from "@db/schema";
import type { ContactInput } from "@domain/rules/contact";

/** Stores a message from the public contact form for the team to answer. */
export async function storeContactMessage(
  db: Queryable,
  input: ContactInput,
  from: { userId: string | null; ipAddress: string | null },
): Promise<{ id: string }> {
  const [row] = await db
    .insert(contactMessages)
    .values({
      name: input.name,
      email: input.email,
      organization: input.organization ?? null,
      topic: input.topic,
      message: input.message,
      userId: from.userId,
      ipAddress: from.ipAddress,
    })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message not stored");
  return row;
}
