import { billingProjection } from "./billing";
import { creditsProjection } from "./credits";
import { meetingsProjection } from "./meetings";
import { rfpsProjection } from "./rfps";
import type { AnyProjection } from "./types";

/** Every inline projection, applied in the appending transaction and rebuilt by replay. */
export const projections: readonly AnyProjection[] = [
  creditsProjection,
  rfpsProjection,
  meetingsProjection,
  billingProjection,
];
