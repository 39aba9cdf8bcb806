import { normalQuantile } from "./quantile";

/** The difference the hint is about: what a user would call a real change of a 0-1 score. */
const HINT_EFFECT = 0.05;
const HINT_POWER = 0.8;

/**
 * About how many paired samples a difference of `effect` needs to be found 80% of the time at
 * `alpha` (two-sided), given the standard deviation of the paired differences seen so far: the
 * normal approximation n = ((z(1 - alpha/2) + z(power)) * sd / effect)^2. A hint beside "no
 * detectable difference", not a promise; null without a spread to go on.
 */
export function samplesNeeded(sdDifference: number | null, alpha: number, effect: number = HINT_EFFECT): number | null {
  if (sdDifference === null || !(effect > 0)) return null;
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(HINT_POWER);
  return Math.max(2, Math.ceil(((z * sdDifference) / effect) ** 2));
}
