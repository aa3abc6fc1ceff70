// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LinkCell, StateBadge, STATE_TONES } from "./grid-cells";

afterEach(() => cleanup());

describe("StateBadge", () => {
  it("shows the label in its tone (gray by default), the label as tooltip", () => {
    render(
      <>
        <StateBadge label="Bozza" />
        {STATE_TONES.map((tone) => (
          <StateBadge key={tone} tone={tone} label={`Stato ${tone}`} />
        ))}
      </>,
    );
    const draft = screen.getByText("Bozza");
    expect(draft.getAttribute("data-tone")).toBe("gray");
    expect(draft.getAttribute("title")).toBe("Bozza");
    expect(STATE_TONES).toEqual(["gray", "blue", "green", "amber", "red", "violet"]);
    const classes = STATE_TONES.map((tone) => screen.getByText(`Stato ${tone}`).className);
    // every tone has its own colours
    expect(new Set(classes).size).toBe(STATE_TONES.length);
    expect(screen.getByText("Stato red").className).toContain("bg-red-50");
  });
});

describe("LinkCell", () => {
  it("a handler: a link-looking button whose clicks stay in the cell", async () => {
    const onClick = vi.fn();
    const onRow = vi.fn();
    render(
      <div onClick={onRow} onDoubleClick={onRow}>
        <LinkCell label="FT 12/2025" onClick={onClick} />
      </div>,
    );
    const button = screen.getByRole("button", { name: "FT 12/2025" });
    await userEvent.click(button);
    await userEvent.dblClick(button);
    expect(onClick).toHaveBeenCalledTimes(3);
    expect(onRow).not.toHaveBeenCalled();
  });

  it("an href: a real link (new tab when asked); with a handler too, a plain click runs the handler", () => {
    const onClick = vi.fn();
    render(
      <>
        <LinkCell label="Scheda" href="/agenti?id=3" />
        <LinkCell label="PDF" href="/api/invoices/3/pdf" newTab />
        <LinkCell label="Apri" href="/fatture/3" onClick={onClick} />
      </>,
    );
    expect(screen.getByRole("link", { name: "Scheda" }).getAttribute("href")).toBe("/agenti?id=3");
    expect(screen.getByRole("link", { name: "Scheda" }).getAttribute("target")).toBeNull();
    const pdf = screen.getByRole("link", { name: "PDF" });
    expect([pdf.getAttribute("target"), pdf.getAttribute("rel")]).toEqual(["_blank", "noopener noreferrer"]);
    const open = screen.getByRole("link", { name: "Apri" });
    expect(fireEvent.click(open)).toBe(false); // default prevented: no navigation
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(fireEvent.click(open, { ctrlKey: true })).toBe(true); // ctrl+click: the browser opens the href
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
