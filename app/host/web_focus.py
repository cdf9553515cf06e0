"""Keeps a text field's focus when Flutter moves it in the page.

With its accessibility tree on, Flutter's web engine (Flet 1.0.5's client) puts each
text field in that tree as a real ``<input>``, and the typed keys go to whichever input
has the browser's focus. When an overlay comes or goes (a tooltip fading after a tap
elsewhere, a toast, a dialog), the engine re-parents the whole tree under its root,
moving the node that holds the focused input with ``append``. Moving an element blurs
whatever it holds; the engine hears that blur and closes the field. In a recorded run a
player tapped "Note for the log" right after the Log tab (whose tooltip was still up),
the tooltip faded 90 ms later, the field closed, and of "Meet at the mill" only the
"M" typed in those 90 ms reached the host; the rest went to the page's body.

So the page wraps the DOM's insertion methods: a call that moves the element holding
the focused field (into a connected parent: it stays in the page) is made with the
browser's blur and focus events held back from every listener, and the field is focused
again right after. Flutter never learns of the move; the person's next key lands in the
field they tapped. A field really removed (``removeChild``, ``remove``) is not touched:
its blur reaches Flutter as before.
"""

from __future__ import annotations

FOCUS_KEEPER_JS = """\
(() => {
  let moving = 0;
  const hold = (event) => { if (moving) event.stopImmediatePropagation(); };
  for (const type of ["blur", "focusout", "focus", "focusin"]) {
    window.addEventListener(type, hold, true);
  }
  const typing = () => {
    const active = document.activeElement;
    return active && (active.tagName === "INPUT" || active.tagName === "TEXTAREA") ? active : null;
  };
  const keep = (proto, name) => {
    const native = proto[name];
    if (typeof native !== "function") return;
    proto[name] = function (...args) {
      const field = typing();
      const moves = field && this.isConnected &&
        args.some((node) => node instanceof Node && node.contains(field));
      if (!moves) return native.apply(this, args);
      moving += 1;
      try {
        return native.apply(this, args);
      } finally {
        if (document.activeElement !== field && field.isConnected) {
          field.focus({ preventScroll: true });
        }
        moving -= 1;
      }
    };
  };
  for (const name of ["append", "prepend", "before", "after", "insertAdjacentElement"]) {
    keep(Element.prototype, name);
  }
  for (const name of ["appendChild", "insertBefore"]) keep(Node.prototype, name);
})();"""


def focus_keeper_js() -> str:
    """The page script that keeps a focused field focused across Flutter's DOM moves."""
    return FOCUS_KEEPER_JS
