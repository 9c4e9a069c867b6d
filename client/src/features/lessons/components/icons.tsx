/** Icons of the class pages (decorative: always paired with visible or accessible text). */
const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
});

export function TrashIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...base(size)}>
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v6M14 11v6" />
    </svg>
  );
}

export function FilterIcon({ size = 20 }: { size?: number }) {
  return (
    <svg {...base(size)}>
      <path d="M3 5h18l-7 8v6l-4 2v-8z" />
    </svg>
  );
}
