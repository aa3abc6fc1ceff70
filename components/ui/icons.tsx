import type { ReactNode, SVGProps } from "react";

/**
 * Small inline SVG icons (24-unit viewBox, stroke = currentColor), for icon buttons whose glyph
 * would otherwise depend on the system's fonts: Debian's Chromium has no emoji font and draws
 * '🔍' or '⏷' as empty boxes. Icons are decorative (aria-hidden): the button around them keeps its
 * aria-label / title, which is what users of assistive technology and the tests see.
 */
export type IconProps = Omit<SVGProps<SVGSVGElement>, "children"> & {
  /** Width and height in px (default 16). */
  size?: number;
};

function icon(name: string, paths: ReactNode) {
  function Icon({ size = 16, className, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        viewBox="0 0 24 24"
        width={size}
        height={size}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden
        focusable="false"
        data-icon={name}
        className={className ? `shrink-0 ${className}` : "shrink-0"}
        {...props}
      >
        {paths}
      </svg>
    );
  }
  Icon.displayName = `${name[0]!.toUpperCase()}${name.slice(1)}Icon`;
  return Icon;
}

/** Magnifier: 'Cerca'. */
export const SearchIcon = icon("search", (
  <>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </>
));

/** Funnel: a column's filter. */
export const FilterIcon = icon("filter", <path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" />);

/** Pencil: edit a row. */
export const EditIcon = icon("edit", (
  <>
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4z" />
    <path d="m14.5 5.5 3 3" />
  </>
));

/** Three vertical bars: the column chooser. */
export const ColumnsIcon = icon("columns", (
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M9 4v16M15 4v16" />
  </>
));

/** A list with a magnifier: filter the columns by name. */
export const ColumnSearchIcon = icon("column-search", (
  <>
    <path d="M3 6h12M3 12h7M3 18h6" />
    <circle cx="16.5" cy="15.5" r="3.5" />
    <path d="m19 18 2.5 2.5" />
  </>
));

/** Tray with an arrow out: export. */
export const ExportIcon = icon("export", (
  <>
    <path d="M12 15V3M7 8l5-5 5 5" />
    <path d="M4 14v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5" />
  </>
));

/** Drop: colour. */
export const ColorIcon = icon("color", <path d="M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z" />);

/** Cross: close, delete a row, clear. */
export const CloseIcon = icon("close", <path d="M6 6l12 12M18 6 6 18" />);

/** Six dots: drag handle. */
export const DragHandleIcon = icon("drag-handle", (
  <g fill="currentColor" stroke="none">
    <circle cx="9" cy="6" r="1.6" />
    <circle cx="15" cy="6" r="1.6" />
    <circle cx="9" cy="12" r="1.6" />
    <circle cx="15" cy="12" r="1.6" />
    <circle cx="9" cy="18" r="1.6" />
    <circle cx="15" cy="18" r="1.6" />
  </g>
));

export const PlusIcon = icon("plus", <path d="M12 5v14M5 12h14" />);
export const MinusIcon = icon("minus", <path d="M5 12h14" />);

/** Three horizontal bars: the side menu toggle. */
export const MenuIcon = icon("menu", <path d="M4 6h16M4 12h16M4 18h16" />);

export const ArrowUpIcon = icon("arrow-up", <path d="M12 19V5M6 11l6-6 6 6" />);
export const ArrowDownIcon = icon("arrow-down", <path d="M12 5v14M6 13l6 6 6-6" />);

export const ChevronDownIcon = icon("chevron-down", <path d="m6 9 6 6 6-6" />);
export const ChevronRightIcon = icon("chevron-right", <path d="m9 6 6 6-6 6" />);
export const ChevronLeftIcon = icon("chevron-left", <path d="m15 6-6 6 6 6" />);

/** Filled triangles: a column's sort direction. */
export const SortAscIcon = icon("sort-asc", <path d="M12 7 19 17H5z" fill="currentColor" stroke="none" />);
export const SortDescIcon = icon("sort-desc", <path d="M12 17 5 7h14z" fill="currentColor" stroke="none" />);
