/** Issue 30, defects met on the way: the home chart's y axis read '0, 550, 1k, 2k, 2k'. */
import { describe, expect, it } from "vitest";
import { euroAxis } from "./euro-axis";

const labels = (values: number[]) => {
  const axis = euroAxis(values);
  return axis.ticks.map(axis.label);
};

describe("euroAxis", () => {
  it("gives distinct ticks on a nice step, in euros", () => {
    expect(labels([0, 1650, 420])).toEqual(["€ 0", "€ 500", "€ 1'000", "€ 1'500", "€ 2'000"]);
    expect(labels([2100])).toEqual(["€ 0", "€ 500", "€ 1'000", "€ 1'500", "€ 2'000", "€ 2'500"]);
    expect(labels([73])).toEqual(["€ 0", "€ 20", "€ 40", "€ 60", "€ 80"]);
  });
  it("counts in thousands from € 10.000 and in millions from € 1.000.000, without repeating a label", () => {
    expect(labels([23_400])).toEqual(["€ 0", "€ 5k", "€ 10k", "€ 15k", "€ 20k", "€ 25k"]);
    expect(labels([9_000, 11_000])).toEqual(["€ 0", "€ 2,5k", "€ 5k", "€ 7,5k", "€ 10k", "€ 12,5k"]);
    expect(labels([1_800_000])).toEqual(["€ 0", "€ 0,5 mln", "€ 1 mln", "€ 1,5 mln", "€ 2 mln"]);
    for (const max of [1, 7, 99, 550, 1999, 2001, 49_999, 123_456, 9_999_999]) {
      const l = labels([max]);
      expect(new Set(l).size).toBe(l.length);
    }
  });
  it("goes below 0 for a month of credit notes, and shows something with no figures", () => {
    expect(labels([-300, 900])).toEqual(["€ -500", "€ -250", "€ 0", "€ 250", "€ 500", "€ 750", "€ 1'000"]);
    expect(labels([])).toEqual(["€ 0", "€ 200", "€ 400", "€ 600", "€ 800", "€ 1'000"]);
  });
});
