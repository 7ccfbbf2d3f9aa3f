import { useEffect, useRef, useState } from 'react';
import bottleUrl from './bottle.svg';
import './lazy-image.css';

/** Images load 100 px before they scroll into view; until then a 200 px placeholder holds their place. */
export const lazyRootMargin = '100px';
export const placeholderHeight = 200;
export const fallbackImageUrl = bottleUrl;

/** One observer for every image on the page (a long history has thousands of thumbnails). */
let sharedObserver: IntersectionObserver | undefined;
const onVisible = new WeakMap<Element, () => void>();

function watch(element: Element, callback: () => void): () => void {
  sharedObserver ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        sharedObserver?.unobserve(entry.target);
        onVisible.get(entry.target)?.();
        onVisible.delete(entry.target);
      }
    },
    { rootMargin: lazyRootMargin },
  );
  onVisible.set(element, callback);
  sharedObserver.observe(element);
  return () => {
    sharedObserver?.unobserve(element);
    onVisible.delete(element);
  };
}

interface LazyImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** The height reserved before the image loads: 200 px unless the slot is smaller. */
  height?: number;
  width?: number;
}

/** An image loaded only near the viewport (IntersectionObserver), with the bottle picture when it is missing or fails. */
export function LazyImage({ src, alt, className, height = placeholderHeight, width }: LazyImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const [visible, setVisible] = useState(() => typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (visible || !element) return;
    return watch(element, () => setVisible(true));
  }, [visible]);

  const url = failed || !src ? fallbackImageUrl : src;
  return (
    <span ref={holder} className={`lazy-image ${className ?? ''}`} style={{ minHeight: visible ? undefined : height, width }}>
      {visible ? (
        <img src={url} alt={alt} width={width} height={width ? height : undefined} decoding="async" onError={() => setFailed(true)} />
      ) : null}
    </span>
  );
}
