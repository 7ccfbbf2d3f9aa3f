import type { Page } from '@playwright/test';

export interface LayoutProblem {
  kind: 'overlap' | 'cut-off' | 'outside-page' | 'word-split';
  text: string;
  other?: string;
}

/**
 * What a reader sees go wrong on a small screen, read from the laid-out page: two pieces of visible
 * text whose line boxes cross each other, text cut off by a box that clips its overflow, text
 * running past the page's edges, or a word split across lines because its box got too narrow.
 * Each text node is measured line by line (a Range's client rects), so a title squeezed into a
 * narrow column and spilling into the amount beside it is caught even though nothing overflows
 * the page.
 */
export async function layoutProblems(page: Page): Promise<LayoutProblem[]> {
  return page.evaluate(() => {
    interface Box {
      node: Text;
      owner: Element;
      text: string;
      rects: DOMRect[];
    }
    const tolerance = 1;
    const problems: { kind: 'overlap' | 'cut-off' | 'outside-page' | 'word-split'; text: string; other?: string }[] = [];
    const pageWidth = document.documentElement.clientWidth;

    // Rows that the browser skips while they are off screen (content-visibility: auto) are laid out
    // for real, so the whole page is checked, not only the part in view.
    const unskip = document.createElement('style');
    unskip.textContent = '* { content-visibility: visible !important; }';
    document.head.append(unskip);
    // A sticky bar (the check-in's count and button) lies over the page on purpose while it
    // scrolls: it is checked where it stands in the flow, like the rest.
    const unstuck = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (element) => getComputedStyle(element).position === 'sticky',
    );
    for (const element of unstuck) element.style.setProperty('position', 'static', 'important');

    const hiddenOnScreen = (element: Element): boolean => {
      // Closed <details>, display: none, visibility: hidden, opacity: 0.
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) return true;
      for (let current: Element | null = element; current; current = current.parentElement) {
        const style = getComputedStyle(current);
        // The visually hidden texts for screen readers (clipped to nothing on purpose).
        if (style.clipPath === 'inset(50%)' || (style.position === 'absolute' && current.clientWidth <= 1 && current.clientHeight <= 1))
          return true;
      }
      return false;
    };

    const boxes: Box[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const owner = node.parentElement;
      if (!text || !owner || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(owner.tagName)) continue;
      if (hiddenOnScreen(owner)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5 && rect.height > 0.5);
      if (rects.length === 0) continue;
      boxes.push({ node: node as Text, owner, text: text.slice(0, 60), rects });
    }

    // Text cut off: a line outside an ancestor that clips what overflows it, or outside the page.
    for (const box of boxes) {
      let reported = false;
      for (const rect of box.rects) {
        if (reported) break;
        if (rect.left < -tolerance || rect.right > pageWidth + tolerance) {
          problems.push({ kind: 'outside-page', text: box.text });
          reported = true;
          break;
        }
        for (let ancestor: Element | null = box.owner; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
          // A map is a window onto a larger surface: a pin or cluster at its edge is partly outside
          // the view by design, and panning brings it in. Cut by the map itself is not a layout fault.
          if (ancestor.classList.contains('maplibregl-map')) break;
          const style = getComputedStyle(ancestor);
          const clipsX = style.overflowX !== 'visible';
          const clipsY = style.overflowY !== 'visible';
          if (!clipsX && !clipsY) continue;
          // A scrolling box shows what overflows by scrolling; only boxes that hide it cut text.
          const hidesX = clipsX && style.overflowX !== 'auto' && style.overflowX !== 'scroll';
          const hidesY = clipsY && style.overflowY !== 'auto' && style.overflowY !== 'scroll';
          const edge = ancestor.getBoundingClientRect();
          const cutX = hidesX && (rect.left < edge.left - tolerance || rect.right > edge.right + tolerance);
          const cutY = hidesY && (rect.top < edge.top - tolerance || rect.bottom > edge.bottom + tolerance);
          if (cutX || cutY) {
            problems.push({ kind: 'cut-off', text: box.text });
            reported = true;
            break;
          }
        }
      }
      if (
        !reported &&
        getComputedStyle(box.owner).textOverflow === 'ellipsis' &&
        box.owner.scrollWidth > box.owner.clientWidth + tolerance
      ) {
        problems.push({ kind: 'cut-off', text: box.text });
      }
    }

    // A word split across lines: its box was squeezed narrower than the word (a column one word
    // wide, or less). Runs of Latin letters and digits only: between them there is no place to break,
    // so a break inside one is the browser's last resort. Japanese breaks between characters.
    const words = /[\p{Script=Latin}\p{Nd}]{2,}/gu;
    for (const box of boxes) {
      // An identifier shown as code (a passkey's id, a record's) is no word: it breaks anywhere.
      if (box.owner.closest('code')) continue;
      const content = box.node.data;
      for (const match of content.matchAll(words)) {
        const range = document.createRange();
        range.setStart(box.node, match.index);
        range.setEnd(box.node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0.5).map((rect) => Math.round(rect.top)));
        if (lines.size > 1) {
          problems.push({ kind: 'word-split', text: box.text, other: match[0] });
          break;
        }
      }
    }

    // Two text boxes crossing: compare every line of every text node with those of the others.
    // Lines of one text node are never compared; a few pixels of vertical slack allow for fonts whose
    // glyph boxes are taller than a tight line height (headings, Japanese fonts).
    const crosses = (a: DOMRect, b: DOMRect): boolean =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > tolerance && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3;
    const sorted = boxes.flatMap((box) => box.rects.map((rect) => ({ box, rect }))).sort((a, b) => a.rect.top - b.rect.top);
    for (let i = 0; i < sorted.length; i += 1) {
      const first = sorted[i]!;
      for (let j = i + 1; j < sorted.length && sorted[j]!.rect.top < first.rect.bottom; j += 1) {
        const second = sorted[j]!;
        if (second.box === first.box) continue;
        if (!crosses(first.rect, second.rect)) continue;
        problems.push({ kind: 'overlap', text: first.box.text, other: second.box.text });
      }
    }
    unskip.remove();
    for (const element of unstuck) element.style.removeProperty('position');
    return problems;
  });
}
