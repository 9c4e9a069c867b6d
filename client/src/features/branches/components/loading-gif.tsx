interface LoadingGifProps {
  label: string;
}

/**
 * The spec's loading gif, announced to screen readers by its alternative text; people who
 * ask for less motion get a still frame.
 */
export function LoadingGif({ label }: LoadingGifProps) {
  return (
    <div className="loading-gif" role="status" aria-live="polite">
      <picture>
        <source srcSet="/img/cargando-estatico.gif" media="(prefers-reduced-motion: reduce)" />
        <img src="/img/cargando.gif" alt={label} width={64} height={64} />
      </picture>
    </div>
  );
}
