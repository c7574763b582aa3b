import { describe, expect, it } from "vitest";
import {
  listForNewEntry,
  STATUS_LIST_FILL,
  STATUS_LIST_SIZE,
  statusBitAt,
  statusBits,
} from "../../domain/learning/status-list";

describe("bitstring status list (decision 086)", () => {
  it("is 16 KiB with the set entries counted from the left-most bit", () => {
    const bits = statusBits([0, 9, STATUS_LIST_SIZE - 1]);
    expect(bits.length).toBe(16_384);
    expect(bits[0]).toBe(0b1000_0000);
    expect(bits[1]).toBe(0b0100_0000);
    expect(bits[bits.length - 1]).toBe(0b0000_0001);
    expect(statusBitAt(bits, 0)).toBe(true);
    expect(statusBitAt(bits, 1)).toBe(false);
    expect(statusBitAt(bits, 9)).toBe(true);
    expect(statusBitAt(bits, 8)).toBe(false);
    expect(statusBitAt(bits, STATUS_LIST_SIZE - 1)).toBe(true);
  });

  it("refuses positions outside the list", () => {
    expect(() => statusBits([STATUS_LIST_SIZE])).toThrow(RangeError);
    expect(() => statusBits([-1])).toThrow(RangeError);
    expect(() => statusBitAt(statusBits([]), STATUS_LIST_SIZE)).toThrow(RangeError);
  });

  it("fills each list to half before the next", () => {
    expect(listForNewEntry(0)).toBe(1);
    expect(listForNewEntry(STATUS_LIST_FILL - 1)).toBe(1);
    expect(listForNewEntry(STATUS_LIST_FILL)).toBe(2);
  });
});
