// Opens the session's WebSocket at once, before the terminal's script has loaded, so
// the server starts this page's app while the browser is still reading xterm.js. The
// size is estimated the way the terminal will measure it (the font's cell in the
// window); page.js adopts this socket and sends the exact size if it differs.
"use strict";
(function () {
  const stack = getComputedStyle(document.documentElement).getPropertyValue("--mono").trim()
    || "monospace";
  const width = window.innerWidth, height = window.innerHeight;
  const fontSize = Math.max(7, Math.min(16, Math.floor(width / 80 / 0.6)));
  const context = document.createElement("canvas").getContext("2d");
  context.font = `${fontSize}px ${stack}`;
  const metrics = context.measureText("W");
  const cell = metrics.width || fontSize * 0.6;
  const line = Math.ceil((metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent)
                         || fontSize * 1.2);
  const cols = Math.max(2, Math.floor(width / cell));
  const rows = Math.max(1, Math.floor(height / line));
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws?cols=${cols}&rows=${rows}`);
  socket.binaryType = "arraybuffer";
  const early = { socket, cols, rows, queue: [], closed: null };
  socket.addEventListener("message", (event) => { if (early.queue) early.queue.push(event); });
  socket.addEventListener("close", (event) => { early.closed = event; });
  window.unoEarly = early;
})();
