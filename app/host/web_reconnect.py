"""What a browser phone shows while the host is unreachable: its last screen, dimmed and
read-only, under an honest "Reconnecting..." banner, until the host answers again.

Flet's web client (1.0.5, client 1.1.0) handles a dropped web socket in
`FletBackend._onDisconnect` (packages/flet/lib/src/flet_backend.dart): it sets
``isLoading`` and retries every 500 ms; while ``isLoading`` holds, each View stacks the
boot screen over the page (packages/flet/lib/src/controls/view.dart: ``Stack(children:
[scaffold, loadingPage])``), and the boot screen is hard-wired in the client's
``main.dart`` ("flet", ``startup_message: "Working..."``). Nothing in the Python API
or the index.html configuration changes that screen, and the app's own connection
badge is drawn by the host, which is gone. So the page keeps the socket's loss from
Flutter until the host answers:

- ``window.WebSocket`` is wrapped before Flutter starts. For Flet's socket (``/ws``)
  that had opened, the ``close`` and ``error`` events are held back: Flutter keeps
  its last frame and its accessibility tree, and does not show its boot screen.
- A banner (``role="status"``) says "Reconnecting...", a dim layer covers the page
  and swallows taps and keys: nothing typed or tapped is silently lost, because
  nothing can be done (a browser session runs on the host: a tap has nowhere to go).
- ``/api/health`` is asked every second. When the same run of the host answers (its
  ``instance`` unchanged: only the link dropped), the held events are handed to
  Flutter, which reconnects at once to the same session (the same tab, half-made forms
  kept); the banner goes once the new socket has been talking for a moment. When a
  restarted host answers, the session is gone with the old process, and the page
  reloads: a fresh session whose ``main`` opens the seat the device remembers. (Handing
  the events to Flutter there too leaves a frozen page: the client re-registers into
  a new session that never draws on it, measured with Flet 1.0.5.)

A socket that never opened (the page's first connection failing) is left to Flet.
"""

from __future__ import annotations

import json

#: The banner's words: what is happening and what the player can (not) do meanwhile.
RECONNECTING = (
    "Reconnecting... The host is not answering. This is your table as it was; "
    "nothing can be changed until the host is back."
)

RECONNECT_JS = """\
(() => {
  const Native = window.WebSocket;
  if (!Native) return;
  const TEXT = %(text)s;
  const BLOCKED = ["pointerdown", "pointerup", "pointermove", "mousedown", "mouseup",
    "click", "touchstart", "touchmove", "touchend", "wheel", "keydown", "keyup", "keypress"];
  let overlay = null, polling = false, held = [], hideTimer = 0, known = null;
  const instance = async () => {
    const answer = await fetch("/api/health", {cache: "no-store"});
    if (!answer.ok) throw new Error("host answered " + answer.status);
    return (await answer.json()).instance || "";
  };
  const swallow = (event) => {
    if (!overlay) return;
    event.stopImmediatePropagation();
    if (event.cancelable) event.preventDefault();
  };
  const trap = {capture: true, passive: false};
  BLOCKED.forEach((type) => window.addEventListener(type, swallow, trap));
  const show = () => {
    clearTimeout(hideTimer);
    if (overlay) return;
    overlay = document.createElement("div");
    overlay.id = "fatepot-reconnecting";
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;" +
      "background:rgba(0,0,0,0.45);touch-action:none;cursor:progress";
    const banner = document.createElement("div");
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "assertive");
    banner.textContent = TEXT;
    banner.style.cssText = "position:absolute;top:0;left:0;right:0;min-height:64px;" +
      "box-sizing:border-box;padding:10px 16px;display:flex;align-items:center;" +
      "background:#4a3300;color:#ffe0a3;font:500 16px/1.35 Roboto,system-ui,sans-serif;" +
      "box-shadow:0 2px 10px rgba(0,0,0,0.6)";
    overlay.appendChild(banner);
    document.body.appendChild(overlay);
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
  };
  const hide = () => { if (overlay) { overlay.remove(); overlay = null; } };
  const release = () => {
    const events = held;
    held = [];
    events.forEach(([socket, listener, event]) => {
      try { listener.call(socket, event); } catch (e) { console.error(e); }
    });
  };
  const poll = async () => {
    if (polling) return;
    polling = true;
    let now = null;
    for (;;) {
      try { now = await instance(); break; } catch (e) { /* still away */ }
      await new Promise((done) => setTimeout(done, 1000));
    }
    if (known === null || now !== known) {
      location.reload();  // a new run of the host: a fresh session on the same seat
      return;
    }
    polling = false;
    release();  // Flutter reconnects now; the banner stays until the new socket talks
  };
  class GuardedSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      let path = "";
      try { path = new URL(String(url), location.href).pathname; } catch (e) { /* no URL */ }
      this._guarded = path === "/ws";
      this._opened = false;
      if (!this._guarded) return;
      super.addEventListener("open", () => {
        this._opened = true;
        instance().then((id) => { known = id; }, () => { /* asked again when lost */ });
      });
      let talked = false;
      super.addEventListener("message", () => {
        if (talked || !overlay || polling) return;
        talked = true;
        hideTimer = setTimeout(hide, 1500);
      });
    }
    addEventListener(type, listener, options) {
      if (!this._guarded || (type !== "close" && type !== "error") || !listener) {
        return super.addEventListener(type, listener, options);
      }
      const call = typeof listener === "function" ? listener : (e) => listener.handleEvent(e);
      return super.addEventListener(type, (event) => {
        if (!this._opened) return call.call(this, event);  // never connected: Flet's way
        held.push([this, call, event]);
        show();
        poll();
      }, options);
    }
  }
  window.WebSocket = GuardedSocket;
})();"""


def reconnect_js() -> str:
    """The script for index.html (see the module's docstring)."""
    return RECONNECT_JS % {"text": json.dumps(RECONNECTING)}
