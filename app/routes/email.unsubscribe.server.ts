import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

/**
 * The page's form as one schema, told apart by `intent`: its two buttons (unsubscribe, or turn e-mail
 * back on) carry the same signed token. A post without an intent unsubscribes, as the button does.
 * `invalidLink` is the page's message for a missing token (the page shows it too).
 */
export function unsubscribeSchema(invalidLink: string) {
  const token = z.string({ required_error: invalidLink }).max(1000);
  return z.preprocess(
    (value) =>
      value && typeof value === "object" && !("intent" in value)
        ? { ...value, intent: "unsubscribe" }
        : value,
    z.discriminatedUnion("intent", [
      z.object({ intent: z.literal("unsubscribe"), token }),
      z.object({ intent: z.literal("resubscribe"), token }),
    ]),
  );
}

export const parseUnsubscribe = (formData: FormData, invalidLink: string) =>
  parseWithZod(formData, { schema: unsubscribeSchema(invalidLink) });
