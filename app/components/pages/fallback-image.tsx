import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * An <img> with its size set (no layout shift) that shows `fallback` instead when the file
 * fails to load (docs/product.md §8: a gradient or a placeholder label, and the failure is logged).
 * A failure during server rendering, before React listens, is caught on mount.
 */
export function FallbackImage({
  src,
  alt,
  width,
  height,
  className = "",
  eager = false,
  fallback,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
  fallback: ReactNode;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  const fail = () => {
    console.warn(`Image failed to load: ${src}`);
    setFailed(true);
  };
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) fail();
    // Only the first render can have missed the error event.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (failed) return <>{fallback}</>;
  return (
    <img
      ref={ref}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={eager ? "high" : undefined}
      onError={fail}
      className={className}
    />
  );
}
