"""What a browser phone shows while its link to the host is down, how it finds out
the link is down when no socket says so, and how it comes back on its own.

Flet's web client (1.0.5, client 1.1.0) handles a dropped web socket in
`FletBackend._onDisconnect` (packages/flet/lib/src/flet_backend.dart): it sets
``isLoading`` and reconnects; while ``isLoading`` holds, each View stacks the boot
screen ("Working...") over the page, and the app's own badge is drawn by the host,
which is out of reach. A Wi-Fi drop usually closes nothing at all: the socket stays
half-open and silent, and the browser keeps saying the link is up. So the page wraps
``window.WebSocket`` before Flutter starts and, for Flet's socket (``/ws``):

- **Knows the link is dead within seconds.** The host pings every page every 2 s
  (`app.host.link_watch`, text frames Flutter never sees); the page answers each. A
  page that heard nothing for 7 s, or nothing within 3 s of asking after it woke up
  (the tab shown again, the network back), declares its socket dead.
- **Says so.** A dead or closed socket is kept from Flutter: its last screen stays,
  dimmed under a banner (``role="status"``) "Reconnecting..."; a dim layer takes every
  tap and key meanwhile, so nothing is tapped or typed into a page that can't send it.
- **Loses no tap.** Every frame Flutter sends after its registration goes out numbered
  and is kept until the host acknowledges it (at once, and in every ping). Taps made
  in the seconds before the page knew the link was dead are sent again on the next socket,
  after Flutter's registration; the host drops the numbers it already had, so each is
  applied exactly once. The banner says when something is waiting to be sent.
- **Heals itself.** ``/api/health`` is asked every second (each try given up after
  3 s: a dead link swallows requests). When the host answers, the page reloads and its
  fresh session opens the seat the device remembers (about 1.5 s, measured). It does
  not let Flutter re-attach to its old session: Flet 1.0.5's client, handed back a
  whole page, kept the page's thread busy for 15-20 s (measured on a phone's hand,
  with and without the accessibility tree), a frozen screen with no word. Taps still
  waiting are first sent on a new socket of the old session (Flutter's registration,
  then the numbered frames; Flutter is kept from the host's answer), and the page
  reloads once the host has them. If a restarted host answers, the old session died
  with the old process: a note after the reload says the waiting taps were not
  received.
- **Keeps what was typed.** Text in the page's fields when it reloads is put in a
  note after the reload, with the field's name, so the player can type it again
  rather than lose it unseen (the fresh session's fields are empty).

A socket that never opened (the page's first connection failing) is left to Flet.
"""

from __future__ import annotations

import json

#: The banner's words: what is happening and what the player can (not) do meanwhile.
RECONNECTING = (
    "Reconnecting... The host is not answering. This is your table as it was; "
    "nothing can be changed until the host is back."
)
#: Added while taps made before the page knew are waiting to be sent.
WAITING = "What you tapped just before is kept and will be sent when the link is back."
#: Shown after a reload onto a restarted host, if taps were waiting (the old run may
#: have taken them before it stopped: it could not say).
NOT_RECEIVED = (
    "The host restarted while the link was down: what you tapped just before it "
    "dropped may not have reached it. Look at your table before tapping again."
)
#: Shown after a reload for any other reason while taps were waiting (the host did not
#: confirm them in time, reconnecting took too long): the same doubt, not a restart.
UNCONFIRMED = (
    "The host did not confirm what you tapped just before the link dropped: it may not "
    "have reached the table. Look at your table before tapping again."
)

#: Shown after the page reloaded onto its seat with text in its fields, then that text.
TYPED = (
    "The page reloaded onto your seat. What you had typed (type it again if it is "
    "not on the table):"
)
#: The same after the host confirmed the taps made in the gap: the text may have gone
#: with them (a note written as the link dropped), so typing it again could double it.
SENT_TYPED = (
    "The page reloaded onto your seat. What you tapped as the link dropped reached the "
    "table; look at it before typing again what you had typed, it may be there already:"
)

RECONNECT_JS = """\
(() => {
  const Native = window.WebSocket;
  if (!Native) return;
  const TEXT = %(text)s, WAITING = %(waiting)s, NOT_RECEIVED = %(not_received)s;
  const UNCONFIRMED = %(unconfirmed)s;
  const TYPED = %(typed)s, SENT_TYPED = %(sent_typed)s, SENT_KEY = "fatepot-sent-taps";
  const DEAD_MS = %(dead_ms)d, PROBE_MS = %(probe_ms)d, HEALTH_MS = %(health_ms)d;
  const STUCK_MS = %(stuck_ms)d, REPLAY_MS = %(replay_ms)d, FROZEN_MS = 2500;
  const ENVELOPE = 0x7F, LOST_KEY = "fatepot-lost-taps";
  const BLOCKED = ["pointerdown", "pointerup", "pointermove", "mousedown", "mouseup",
    "click", "touchstart", "touchmove", "touchend", "wheel", "keydown", "keyup", "keypress"];
  const pageId = Math.random().toString(36).slice(2) + Date.now().toString(36);
  let overlay = null, banner = null, polling = false, held = [], known = null;
  // unacked: [number, bytes] the host has not confirmed yet
  let current = null, seq = 0, unacked = [], releasedAt = 0, replaying = false;
  const STEPS_KEY = "fatepot-link-steps";
  let before = [];
  try { before = JSON.parse(sessionStorage.getItem(STEPS_KEY) || "[]"); } catch (e) { /* off */ }
  const fatepot = window.fatepotLink = {pageId, state: "connecting", dead: 0, resent: 0,
    steps: before.length ? [...before.slice(-15), ["page loaded", Date.now()]] : []};
  // The last steps of the link with their times (ms), for whoever looks into a slow
  // return; kept across the page's own reloads (sessionStorage).
  const step = (what) => {
    fatepot.steps = [...fatepot.steps.slice(-23), [what, Date.now()]];
    try { sessionStorage.setItem(STEPS_KEY, JSON.stringify(fatepot.steps)); } catch (e) { /**/ }
  };
  const instance = async () => {
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), HEALTH_MS);
    try {
      const answer = await fetch("/api/health", {cache: "no-store", signal: stop.signal});
      if (!answer.ok) throw new Error("host answered " + answer.status);
      return (await answer.json()).instance || "";
    } finally { clearTimeout(timer); }
  };
  const swallow = (event) => {
    if (!overlay) return;
    event.stopImmediatePropagation();
    if (event.cancelable) event.preventDefault();
  };
  const trap = {capture: true, passive: false};
  BLOCKED.forEach((type) => window.addEventListener(type, swallow, trap));
  // A Flet frame is [0x00, msgpack [action, body]]; action 3 is a control event, whose
  // body is {target, name, data}. A tap is one a person makes (a click, a change, a
  // submit...), not a toast closing or the page's size, route or lifecycle.
  const TAP = /\u00a4name[\u00a0-\u00bf](click|change|submit|long_press|tap|double_tap|select)/;
  const isTap = (bytes) => bytes.length > 12 && bytes[0] === 0 && bytes[2] === 3 &&
    bytes[11] !== 1 && bytes[11] !== 2 &&
    TAP.test(String.fromCharCode.apply(null, bytes.subarray(0, 64)));
  const waiting = () => unacked.some(([, bytes]) => isTap(bytes));
  const words = () => TEXT + (waiting() ? " " + WAITING : "");
  // Text in the page's fields: with the accessibility tree each field is an <input> of
  // its own; without it Flutter keeps one only while a field is being typed into.
  const DRAFTS_KEY = "fatepot-drafts";
  let typed = [];
  const fieldTexts = () => Array.from(document.querySelectorAll("input, textarea"))
    .filter((field) => field.type !== "password" && field.value && field.value.trim())
    .map((field) => [field.getAttribute("aria-label") || field.placeholder || "", field.value]);
  const keepTyped = () => {
    const named = new Map();  // text -> the field's name (Flutter's editing element has none)
    [...typed, ...fieldTexts()].forEach(([name, text]) => {
      if (!named.get(text)) named.set(text, name);
    });
    const kept = Array.from(named, ([text, name]) => [name, text]);
    if (!kept.length) return;
    try { sessionStorage.setItem(DRAFTS_KEY, JSON.stringify(kept)); } catch (e) { /* off */ }
  };
  const show = () => {
    fatepot.state = "reconnecting";
    if (overlay) {
      banner.textContent = words();
      return;
    }
    step("banner");
    typed = fieldTexts();  // before the blur: a field being typed into goes with it
    overlay = document.createElement("div");
    overlay.id = "fatepot-reconnecting";
    overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;" +
      "background:rgba(0,0,0,0.45);touch-action:none;cursor:progress";
    banner = document.createElement("div");
    banner.setAttribute("role", "status");
    banner.setAttribute("aria-live", "assertive");
    banner.textContent = words();
    banner.style.cssText = "position:absolute;top:0;left:0;right:0;min-height:64px;" +
      "box-sizing:border-box;padding:10px 16px;display:flex;align-items:center;" +
      "background:#4a3300;color:#ffe0a3;font:500 16px/1.35 Roboto,system-ui,sans-serif;" +
      "box-shadow:0 2px 10px rgba(0,0,0,0.6)";
    overlay.appendChild(banner);
    document.body.appendChild(overlay);
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
  };
  let notes = null;
  // A note that goes by itself (or with a tap), below the app bar: the seat's name and
  // the connection badge stay in sight (they say the page is back and online). Red only
  // for a loss (taps that did not reach the host).
  const note = (text, seconds, loss) => {
    if (!notes) {
      notes = document.createElement("div");
      notes.style.cssText = "position:fixed;left:8px;right:8px;top:64px;z-index:2147483646;" +
        "display:flex;flex-direction:column;gap:8px";
      document.body.appendChild(notes);
    }
    const box = document.createElement("div");
    box.setAttribute("role", "alert");
    box.textContent = text;
    box.style.cssText = "padding:12px 16px;border-radius:8px;" +
      (loss ? "background:#5c1a1a;color:#ffdada;" : "background:#4a3300;color:#ffe0a3;") +
      "font:500 16px/1.35 Roboto,system-ui,sans-serif;" +
      "box-shadow:0 2px 10px rgba(0,0,0,.6);white-space:pre-line";
    const hint = document.createElement("div");  // it goes by itself, or now with a tap
    hint.textContent = "Tap to close.";
    hint.style.cssText = "margin-top:6px;font-size:14px;opacity:.85";
    box.appendChild(hint);
    box.style.cursor = "pointer";
    box.addEventListener("click", () => box.remove());
    notes.appendChild(box);
    setTimeout(() => box.remove(), seconds * 1000);
  };
  window.addEventListener("load", () => {
    let lost = null, kept = null, sent = null;
    try {
      lost = sessionStorage.getItem(LOST_KEY);
      sent = sessionStorage.getItem(SENT_KEY);
      kept = JSON.parse(sessionStorage.getItem(DRAFTS_KEY) || "null");
      sessionStorage.removeItem(LOST_KEY);
      sessionStorage.removeItem(SENT_KEY);
      sessionStorage.removeItem(DRAFTS_KEY);
    } catch (e) { /* storage off */ }
    if (lost) note(lost === "restart" ? NOT_RECEIVED : UNCONFIRMED, 12, true);
    if (Array.isArray(kept) && kept.length) {
      const lines = kept.map(([name, text]) =>
        (name ? name + ": " : "") + "\\u201c" + text + "\\u201d");
      note((sent ? SENT_TYPED : TYPED) + "\\n" + lines.join("\\n"), 30, false);
    }
  });
  // A fresh session on the same seat (the device remembers it); `restart`: the host is a
  // new run (the note after the reload names the cause only then).
  const reload = (why, restart) => {
    step(why + "; reloading");
    console.warn("Fate Pot: " + why + "; reloading");
    if (waiting()) {
      const cause = restart ? "restart" : "unconfirmed";
      try { sessionStorage.setItem(LOST_KEY, cause); } catch (e) { /* storage off */ }
    } else if (replaying) {  // the host has the taps made in the gap
      try { sessionStorage.setItem(SENT_KEY, "1"); } catch (e) { /* storage off */ }
    }
    keepTyped();
    location.reload();
  };
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
    if (known === null || now !== known) {  // the old session died with the old run
      reload("a new run of the host (" + known + " -> " + now + ")", true);
      return;
    }
    if (!waiting()) {
      reload("the host answers");
      return;
    }
    polling = false;
    releasedAt = Date.now();
    replaying = true;  // Flutter is kept from the host's answer: the page reloads next
    step("the host answers; taps to send");
    release();  // Flutter reconnects now, and the waiting taps follow its registration
  };
  const bytesOf = (data) => {
    if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
    if (ArrayBuffer.isView(data)) {
      return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    }
    return null;
  };
  const envelope = (number, bytes) => {
    const out = new Uint8Array(bytes.length + 5);
    out[0] = ENVELOPE;
    new DataView(out.buffer).setUint32(1, number, true);
    out.set(bytes, 5);
    return out;
  };
  const acked = (number) => {
    if (!(number >= 0)) return;
    const before = unacked.length;
    unacked = unacked.filter(([n]) => n > number);
    if (banner && unacked.length !== before) banner.textContent = words();
    if (replaying && !unacked.length) reload("the host has the taps made in the gap");
  };
  // A socket declared dead: Flutter hears nothing of it until the host answers again.
  const declare = (socket, why) => {
    if (socket._dead || !socket._opened || socket.readyState === Native.CLOSED) return;
    socket._dead = true;
    fatepot.dead += 1;
    step("dead: " + why);
    console.warn("Fate Pot: the link to the host is dead (" + why + ")");
    try { Native.prototype.close.call(socket); } catch (e) { /* already closing */ }
    if (!socket._toldFlutter) {
      socket._toldFlutter = true;
      const event = new CloseEvent("close", {code: 4000, reason: why, wasClean: false});
      socket._closers.forEach((call) => held.push([socket, call, event]));
    }
    show();
    poll();
  };
  const probe = () => {  // woken up, or the network came back: is the link still there?
    const socket = current;
    if (!socket || !socket._opened || socket._dead) return;
    socket._probeBy = Date.now() + PROBE_MS;
    try { Native.prototype.send.call(socket, "fp:ping"); } catch (e) { declare(socket, "send"); }
  };
  let ticked = Date.now();
  setInterval(() => {
    const now = Date.now(), frozen = now - ticked > FROZEN_MS;
    if (frozen) step("frozen " + (now - ticked) + " ms");
    ticked = now;
    const socket = current;
    if (!socket || !socket._opened || socket._dead) return;
    if (frozen) {
      // This page's own thread was busy (Flutter drawing a big screen on a slow or
      // loaded phone): what it did not hear meanwhile may be queued behind this
      // timer, not lost. Ask, and judge by the answer.
      socket._heard = now;
      probe();
      return;
    }
    const unanswered = socket._probeBy && now > socket._probeBy &&
      socket._heard < socket._probeBy - PROBE_MS;
    if (now - socket._heard > DEAD_MS) declare(socket, "silent for " + DEAD_MS + " ms");
    else if (unanswered) declare(socket, "no answer to a probe");
  }, 500);
  // The host answers but Flutter has not reconnected for a while (its own reconnect
  // back-off doubles after each failed try): start afresh on the same seat.
  setInterval(() => {
    if (overlay && !polling && releasedAt && Date.now() - releasedAt > STUCK_MS) {
      reload("reconnecting took too long");
    }
  }, 1000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) probe(); });
  window.addEventListener("online", probe);
  window.addEventListener("pageshow", probe);
  window.addEventListener("focus", probe);
  class GuardedSocket extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      let path = "";
      try { path = new URL(String(url), location.href).pathname; } catch (e) { /* no URL */ }
      this._guarded = path === "/ws";
      this._opened = false;
      if (!this._guarded) return;
      this._dead = false;
      this._first = true;
      this._heard = Date.now();
      this._probeBy = 0;
      this._closers = [];
      this._toldFlutter = false;
      current = this;
      step("socket made");
      super.addEventListener("open", () => {
        this._opened = true;
        step("socket open");
        this._heard = Date.now();
        Native.prototype.send.call(this, "fp:hello " + pageId);
        instance().then((id) => { known = id; }, () => { /* asked again when lost */ });
      });
      super.addEventListener("message", (event) => {
        if (this._dead) return;
        this._heard = Date.now();
        if (typeof event.data === "string") {
          const [word, number] = event.data.split(" ");
          if (word === "fp:ping") {
            if (overlay) step("ping");
            try { Native.prototype.send.call(this, "fp:pong"); } catch (e) { /* closing */ }
          }
          acked(Number(number));
          if (word === "fp:welcome") this._welcomed();
          return;
        }
        if (!overlay) fatepot.state = "online";
      });
      if (!overlay) fatepot.state = "connecting";
    }
    _welcomed() {
      // The host said which of this page's frames it has. Whatever it lacks (taps
      // made in the seconds before the page knew its link was dead) goes now, after
      // Flutter's registration; Flutter is kept from the host's answer (see above), and
      // the page starts afresh on its seat once the host has them all.
      if (!waiting()) {  // sizes, routes, answers: nothing a player made is missing
        unacked = [];
        if (replaying) reload("the host had the taps already");
        return;
      }
      setTimeout(() => reload("the host did not confirm the taps made in the gap"), REPLAY_MS);
      unacked.forEach(([number, old]) => {
        fatepot.resent += 1;
        Native.prototype.send.call(this, envelope(number, old));
      });
      Native.prototype.send.call(this, "fp:ping");  // the host's answer confirms them
    }
    send(data) {
      if (!this._guarded) return super.send(data);
      const bytes = bytesOf(data);
      if (this._first || bytes === null) {  // Flet's registration: once per socket
        this._first = false;
        if (this._dead) return undefined;
        return super.send(data);
      }
      seq += 1;
      unacked.push([seq, bytes]);
      if (this._dead) { if (banner) banner.textContent = words(); return undefined; }
      return super.send(envelope(seq, bytes));
    }
    addEventListener(type, listener, options) {
      if (!this._guarded || !listener) return super.addEventListener(type, listener, options);
      const call = typeof listener === "function" ? listener : (e) => listener.handleEvent(e);
      if (type === "message") {
        return super.addEventListener(type, (event) => {
          // While replaying, Flutter is kept from the host's answer: Flet 1.0.5's client
          // takes half a minute to redraw a session it re-attached to (measured), and
          // the page reloads as soon as the host has the taps.
          if (this._dead || replaying || typeof event.data === "string") return;
          call.call(this, event);
        }, options);
      }
      if (type !== "close" && type !== "error") {
        return super.addEventListener(type, listener, options);
      }
      if (type === "close") this._closers.push(call);
      return super.addEventListener(type, (event) => {
        if (!this._opened) return call.call(this, event);  // never connected: Flet's way
        if (this._dead) return undefined;  // declared dead: Flutter hears of it once, later
        if (type === "close") this._toldFlutter = true;
        held.push([this, call, event]);
        show();
        poll();
        return undefined;
      }, options);
    }
  }
  window.WebSocket = GuardedSocket;
})();"""


def reconnect_js(
    *,
    dead_ms: int = 7000,
    probe_ms: int = 3000,
    health_ms: int = 3000,
    stuck_ms: int = 20000,
    replay_ms: int = 5000,
) -> str:
    """The script for index.html (see the module's docstring)."""
    return RECONNECT_JS % {
        "text": json.dumps(RECONNECTING),
        "waiting": json.dumps(WAITING),
        "not_received": json.dumps(NOT_RECEIVED),
        "unconfirmed": json.dumps(UNCONFIRMED),
        "typed": json.dumps(TYPED),
        "sent_typed": json.dumps(SENT_TYPED),
        "dead_ms": dead_ms,
        "probe_ms": probe_ms,
        "health_ms": health_ms,
        "stuck_ms": stuck_ms,
        "replay_ms": replay_ms,
    }
