import { datetimeRegex, type ZodTypeAny, z } from "zod";

/** A predicate that answers true only for values its Zod schema accepts. */
export type Acceptor = (value: unknown) => boolean;

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * Compiles a Zod schema into a fast predicate for validating many values (replay, decision 007).
 * It understands the plain building blocks event payloads are made of (objects that strip unknown
 * keys, strings with length, uuid and datetime checks, numbers with int/min/max/finite, booleans,
 * literals, enums, nullable, optional, arrays, discriminated unions) and answers null for a schema
 * that uses anything else (refinements, transforms, defaults, coercion, ...). It never accepts a value
 * Zod rejects; a value it rejects goes to Zod, which has the last word and writes the error.
 */
export function compileAcceptor(schema: ZodTypeAny): Acceptor | null {
  // biome-ignore lint/suspicious/noExplicitAny: reading Zod's definitions
  const def = (schema as any)._def;
  if (schema instanceof z.ZodString) {
    if (def.coerce) return null;
    const checks: Acceptor[] = [];
    for (const c of def.checks as { kind: string; value?: number }[]) {
      if (c.kind === "min") checks.push((v) => (v as string).length >= (c.value as number));
      else if (c.kind === "max") checks.push((v) => (v as string).length <= (c.value as number));
      else if (c.kind === "length") checks.push((v) => (v as string).length === c.value);
      else if (c.kind === "uuid") {
        const uuid = /^[0-9a-fA-F]{8}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{4}\b-[0-9a-fA-F]{12}$/i;
        checks.push((v) => uuid.test(v as string));
      } else if (c.kind === "datetime") {
        const regex = datetimeRegex(c as Parameters<typeof datetimeRegex>[0]);
        checks.push((v) => regex.test(v as string));
      } else return null;
    }
    return (v) => typeof v === "string" && checks.every((check) => check(v));
  }
  if (schema instanceof z.ZodNumber) {
    if (def.coerce) return null;
    const checks: Acceptor[] = [];
    for (const c of def.checks as { kind: string; value?: number; inclusive?: boolean }[]) {
      const value = c.value as number;
      if (c.kind === "int") checks.push((v) => Number.isInteger(v));
      else if (c.kind === "finite") checks.push((v) => Number.isFinite(v));
      else if (c.kind === "min")
        checks.push(c.inclusive ? (v) => (v as number) >= value : (v) => (v as number) > value);
      else if (c.kind === "max")
        checks.push(c.inclusive ? (v) => (v as number) <= value : (v) => (v as number) < value);
      else return null;
    }
    return (v) => typeof v === "number" && !Number.isNaN(v) && checks.every((check) => check(v));
  }
  if (schema instanceof z.ZodBoolean) return def.coerce ? null : (v) => typeof v === "boolean";
  if (schema instanceof z.ZodNull) return (v) => v === null;
  if (schema instanceof z.ZodLiteral) {
    const literal = def.value;
    return (v) => v === literal;
  }
  if (schema instanceof z.ZodEnum) {
    const values = new Set<unknown>(def.values);
    return (v) => typeof v === "string" && values.has(v);
  }
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    const inner = compileAcceptor(def.innerType);
    if (!inner) return null;
    return schema instanceof z.ZodNullable
      ? (v) => v === null || inner(v)
      : (v) => v === undefined || inner(v);
  }
  if (schema instanceof z.ZodArray) {
    const element = compileAcceptor(def.type);
    if (!element) return null;
    const min = def.minLength?.value ?? def.exactLength?.value ?? 0;
    const max = def.maxLength?.value ?? def.exactLength?.value ?? Number.POSITIVE_INFINITY;
    return (v) => Array.isArray(v) && v.length >= min && v.length <= max && v.every(element);
  }
  if (schema instanceof z.ZodObject) {
    if (def.unknownKeys !== "strip" && def.unknownKeys !== "passthrough") return null;
    if (!(def.catchall instanceof z.ZodNever)) return null;
    const fields: [string, Acceptor][] = [];
    for (const [key, field] of Object.entries(schema.shape as Record<string, ZodTypeAny>)) {
      const accept = compileAcceptor(field);
      if (!accept) return null;
      fields.push([key, accept]);
    }
    return (v) => {
      if (!isPlainObject(v)) return false;
      for (const [key, accept] of fields) if (!accept(v[key])) return false;
      return true;
    };
  }
  if (schema instanceof z.ZodDiscriminatedUnion) {
    const key = def.discriminator as string;
    const options = new Map<unknown, Acceptor>();
    for (const [value, option] of def.optionsMap as Map<unknown, ZodTypeAny>) {
      const accept = compileAcceptor(option);
      if (!accept) return null;
      options.set(value, accept);
    }
    return (v) => {
      if (!isPlainObject(v)) return false;
      const accept = options.get(v[key]);
      return accept?.(v) === true;
    };
  }
  return null;
}
