import { z } from "zod";
import { emailField, SignUpSchema } from "./accounts";

/**
 * The first-administrator form of /debug/admin-setup: create a new account, or make an existing account
 * the administrator ("grant").
 */
export const AdminSetupSchema = z.discriminatedUnion("mode", [
  SignUpSchema.pick({ email: true, password: true }).extend({
    mode: z.literal("create"),
    full_name: z
      .string({ required_error: "Full name is required" })
      .trim()
      .min(1, "Full name is required")
      .max(120),
  }),
  z.object({ mode: z.literal("grant"), email: emailField }),
]);
export type AdminSetupInput = z.infer<typeof AdminSetupSchema>;
