// The browser is one more terminal: xterm.js shows the bytes the server sends over a
// WebSocket (the same bytes an SSH client gets) and sends back what is typed, clicked
// and tapped, and the terminal's size whenever the window changes.
"use strict";
(function () {
  const CLOSE = { ended: 1000, login: 4401, refused: 4403, limit: 4429 };
  const hold = Number(document.body.dataset.hold || "60");
  // The page's words, in the session's language (the server fills them in).
  const words = document.body.dataset;
  const endedWords = words.ended || "The session ended.";
  const reconnecting = words.reconnecting || "reconnecting…";
  const waiting = words.waiting || "reconnecting… (your seat waits {left} s more)";
  const element = document.getElementById("terminal");
  const status = document.getElementById("status");
  const statusText = document.getElementById("status-text");
  const statusAction = document.getElementById("status-action");
  const fontStack = getComputedStyle(document.documentElement).getPropertyValue("--mono");

  // At least 80 columns fit (a phone gets a smaller font), at most a 16 px font.
  function fontSizeFor(width) {
    return Math.max(7, Math.min(16, Math.floor(width / 80 / 0.6)));
  }

  const term = new Terminal({
    fontFamily: fontStack.trim() || "monospace",
    fontSize: fontSizeFor(window.innerWidth),
    cursorBlink: false,
    scrollback: 0,
    allowProposedApi: true,          // the Unicode 11 widths (wide CJK and emoji)
    macOptionIsMeta: true,
    theme: { background: "#000000" },
  });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  term.loadAddon(new Unicode11Addon.Unicode11Addon());
  term.unicode.activeVersion = "11";
  term.open(element);
  fit.fit();
  term.focus();

  const encoder = new TextEncoder();
  let socket = null;
  let attempts = 0;
  let ended = false;
  let lostAt = 0;

  function show(text, action) {
    statusText.textContent = text;
    statusAction.hidden = !action;
    status.hidden = false;
  }

  function hide() { status.hidden = true; }

  function send(data) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(data);
  }

  function connect() {
    let ws, queued = [], closed = null;
    const early = window.unoEarly;
    if (early) {                     // the socket connect.js opened while this loaded
      window.unoEarly = null;
      ws = early.socket;
      queued = early.queue;
      early.queue = null;
      closed = early.closed;
    } else {
      const scheme = location.protocol === "https:" ? "wss:" : "ws:";
      ws = new WebSocket(`${scheme}//${location.host}/ws?cols=${term.cols}&rows=${term.rows}`);
      ws.binaryType = "arraybuffer";
    }
    socket = ws;
    const opened = () => {
      attempts = 0;
      lostAt = 0;
      hide();
      term.focus();
      if (early && (early.cols !== term.cols || early.rows !== term.rows)) {
        send(JSON.stringify({ type: "resize", cols: term.cols, rows: term.rows }));
      }
    };
    const received = (event) => {
      if (typeof event.data !== "string") term.write(new Uint8Array(event.data));
    };
    const lost = (event) => {
      if (socket !== ws) return;
      socket = null;
      if (event.code === CLOSE.login) { location.assign("/"); return; }
      if (event.code === CLOSE.ended || event.code === CLOSE.limit
          || event.code === CLOSE.refused) {
        ended = true;
        show(event.reason && event.code !== CLOSE.ended ? event.reason : endedWords, true);
        return;
      }
      // Anything else is a lost link: the seat waits `hold` seconds for this browser.
      if (!lostAt) lostAt = Date.now();
      const waited = (Date.now() - lostAt) / 1000;
      const left = Math.max(0, Math.round(hold - waited));
      show(left > 0 ? waiting.replace("{left}", String(left)) : reconnecting, false);
      attempts += 1;
      setTimeout(connect, Math.min(5000, 250 * 2 ** Math.min(attempts, 5)));
    };
    term.reset();                    // a new session draws its whole screen
    for (const event of queued) received(event);
    ws.onmessage = received;
    ws.onclose = lost;
    if (closed) lost(closed);
    else if (ws.readyState === WebSocket.OPEN) opened();
    else ws.onopen = opened;
  }

  statusAction.addEventListener("click", () => {
    ended = false;
    hide();
    connect();
  });

  term.onData((data) => send(encoder.encode(data)));
  // Old-style mouse reports are bytes, not text (Textual asks for SGR ones anyway).
  term.onBinary((data) => {
    const bytes = new Uint8Array(data.length);
    for (let i = 0; i < data.length; i++) bytes[i] = data.charCodeAt(i) & 0xff;
    send(bytes);
  });
  term.onResize(({ cols, rows }) => send(JSON.stringify({ type: "resize", cols, rows })));

  let resizeQueued = false;
  window.addEventListener("resize", () => {
    if (resizeQueued) return;
    resizeQueued = true;
    requestAnimationFrame(() => {
      resizeQueued = false;
      const size = fontSizeFor(window.innerWidth);
      if (term.options.fontSize !== size) term.options.fontSize = size;
      fit.fit();
    });
  });
  window.addEventListener("online", () => { if (!socket && !ended) connect(); });

  // For the tests and the screenshots: the terminal's text, row by row.
  window.unoTerminal = {
    term,
    text() {
      const buffer = term.buffer.active;
      const rows = [];
      for (let y = 0; y < term.rows; y++) {
        const line = buffer.getLine(buffer.viewportY + y);
        rows.push(line ? line.translateToString(true) : "");
      }
      return rows.join("\n");
    },
    get connected() { return !!socket && socket.readyState === WebSocket.OPEN; },
  };

  connect();
})();
