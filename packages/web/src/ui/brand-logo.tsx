/** Facet's mark: a cut stone. Plain SVG, usable on the login page without loading icons. */
export function BrandLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <path fill="#0f766e" d="M8 4h16l6 8-14 16L2 12z" />
      <path fill="#5eead4" d="M8 4l4 8h8l4-8zM2 12h10l4 16zM30 12H20l-4 16z" opacity=".55" />
    </svg>
  );
}
