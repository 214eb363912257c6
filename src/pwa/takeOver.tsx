import { useLayoutEffect } from 'react'

/**
 * The app's first render replaces the prerendered shell (see src/pwa/build/staticShell.ts): createRoot empties #root
 * and puts the app's own header, teasers and card in its place, in one commit, so nothing is painted in between. What
 * went with the shell's elements is the focus: a holder who tabbed to a link before the app started finds it on the
 * app's same link again. After that first render #root carries `data-app="started"`: from then on the page's
 * elements are the app's and stay.
 *
 * Call before rendering; render {@link ShellTakenOver} with the function it returns.
 */
export function takeOverShell(root: HTMLElement): () => void {
  let focused = focusedLink(document.activeElement, root)
  const follow = (event: FocusEvent) => {
    focused = focusedLink(event.target, root)
  }
  root.addEventListener('focusin', follow)
  return () => {
    root.removeEventListener('focusin', follow)
    if (focused && (document.activeElement === null || document.activeElement === document.body)) {
      const { href, className } = focused
      const link = [...root.querySelectorAll('a')].find(
        (a) => a.getAttribute('href') === href && a.className === className,
      )
      link?.focus({ preventScroll: true })
    }
    focused = undefined
    root.dataset.app = 'started'
  }
}

/** The shell's focusable elements are links; the app renders them with the same address and class. */
function focusedLink(
  element: EventTarget | null,
  root: HTMLElement,
): { href: string | null; className: string } | undefined {
  if (!(element instanceof HTMLAnchorElement) || !root.contains(element)) return undefined
  return { href: element.getAttribute('href'), className: element.className }
}

/** Runs `done` once the app's first render is in the page. */
export function ShellTakenOver({ done }: { done: () => void }) {
  useLayoutEffect(done, [done])
  return null
}
