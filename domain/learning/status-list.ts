/**
 * W3C Bitstring Status List v1.0 (decision 086): the bits of a status list, pure. A list holds
 * STATUS_LIST_SIZE entries (the standard's minimum, 16 KiB, for herd privacy); entry i is bit i counted
 * from the most significant bit of the first byte; a set bit means revoked (statusPurpose
 * "revocation"). The compression and encoding (GZIP, then multibase base64url, "u") happen in
 * app/credentials/status-list.server.ts.
 */
export const STATUS_LIST_SIZE = 131_072;
export const STATUS_PURPOSE = "revocation";
/** A list is filled to half, so a position drawn at random is found in a few tries. */
export const STATUS_LIST_FILL = STATUS_LIST_SIZE / 2;
/** How long a signed list is valid (verifiers fetch it again after). */
export const STATUS_LIST_TTL_SECONDS = 24 * 60 * 60;

/** The bitstring with the given entries set. Positions outside the list are refused. */
export function statusBits(setIndexes: Iterable<number>, size = STATUS_LIST_SIZE): Uint8Array {
  const bytes = new Uint8Array(size / 8);
  for (const index of setIndexes) {
    if (!Number.isInteger(index) || index < 0 || index >= size) throw new RangeError(`status index ${index}`);
    bytes[index >> 3] = (bytes[index >> 3] ?? 0) | (0x80 >> (index & 7));
  }
  return bytes;
}

/** Whether entry `index` is set. */
export function statusBitAt(bytes: Uint8Array, index: number): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= bytes.length * 8)
    throw new RangeError(`status index ${index}`);
  return (((bytes[index >> 3] ?? 0) >> (7 - (index & 7))) & 1) === 1;
}

/** The list a new entry goes to, given how many entries exist: each list is filled to STATUS_LIST_FILL. */
export const listForNewEntry = (existingEntries: number) =>
  Math.floor(existingEntries / STATUS_LIST_FILL) + 1;
