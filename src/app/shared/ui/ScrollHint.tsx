import { type ReactNode, type RefObject, useEffect, useRef } from "react";

/**
 * Marks a box that scrolls sideways with where more content is: `data-more="left right"` on the
 * wrapper, which draws an edge shadow there (styles/scroll-hint.css). A wide table in a narrow
 * window scrolls inside its own box, and the shadow says so before anyone tries.
 */
export function useScrollHint(scroller: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = scroller.current;
    const wrap = el?.parentElement;
    if (!el || !wrap) return;
    const update = () => {
      const more: string[] = [];
      if (el.scrollLeft > 1) more.push("left");
      if (el.scrollLeft + el.clientWidth < el.scrollWidth - 1) more.push("right");
      const value = more.join(" ");
      if (wrap.dataset.more !== value) wrap.dataset.more = value;
    };
    update();
    el.addEventListener("scroll", update, { passive: true });
    const resized = new ResizeObserver(update);
    resized.observe(el);
    if (el.firstElementChild) resized.observe(el.firstElementChild);
    return () => {
      el.removeEventListener("scroll", update);
      resized.disconnect();
    };
  }, [scroller]);
}

/** A box whose content may be wider than the window: it scrolls sideways on its own, with edge shadows. */
export function ScrollX({ children, className = "" }: { children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useScrollHint(box);
  return (
    <div className="scroll-hint">
      <div ref={box} className={`scroll-x ${className}`}>
        {children}
      </div>
    </div>
  );
}
