import type { ReactNode, SVGProps } from "react";

/**
 * The Utenti row actions' glyphs, drawn like components/ui/icons.tsx (24-unit viewBox, stroke =
 * currentColor, decorative): three text buttons would take most of a phone's width in every row.
 * The buttons keep their names ('Disabilita', 'Abilita', 'Reinvia invito') as aria-label and tooltip.
 */
function glyph(name: string, paths: ReactNode) {
  function Glyph(props: Omit<SVGProps<SVGSVGElement>, "children">) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={16}
        height={16}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        data-icon={name}
        className="shrink-0"
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Glyph.displayName = `${name}Icon`;
  return Glyph;
}

/** A circle struck through: 'Disabilita'. */
export const DisableUserIcon = glyph("DisableUser", (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m5.6 5.6 12.8 12.8" />
  </>
));

/** A circle with a tick: 'Abilita'. */
export const EnableUserIcon = glyph("EnableUser", (
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.5 2.8 2.8L16.5 9" />
  </>
));

/** An envelope: 'Reinvia invito'. */
export const ResendInvitationIcon = glyph("ResendInvitation", (
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </>
));
