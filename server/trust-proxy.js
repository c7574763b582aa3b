// How many proxies in front of the app server to trust for the client's address (issue 26, part 4.4).
// Express trusts that many hops from the right of X-Forwarded-For, so the client address is the entry the
// nearest trusted proxy appended; whatever a client wrote to the left of it is ignored. `true` (trust every
// entry) would take the left-most entry, which any client can forge to bypass every per-address limit, so
// only a hop count is accepted.

/**
 * The Express "trust proxy" setting for TRUST_PROXY: undefined when unset (the socket address is the
 * client), else a hop count. Anything but a non-negative integer throws with a message for the operator.
 * @param {string | undefined} value
 * @returns {number | undefined}
 */
export function trustProxyHops(value) {
  if (value === undefined || value.trim() === "") return undefined;
  const text = value.trim();
  if (!/^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the app server (for example TRUST_PROXY=1 behind one load balancer), not "${text}": trusting every X-Forwarded-For entry would let any client forge its address.`,
    );
  }
  return Number(text);
}
