// A board page of the board server (see kingdomino_kit/server/board_server.py): draws the
// board with its own view module, as a notebook's widget manager would, and speaks for it
// over one websocket — the view's actions out, the board's new HTML in. When the line to the
// board is lost for good (the board was closed, the server stopped), the view is told that its
// Python is gone: it shows one line asking to reload.

const state = JSON.parse(document.getElementById("kk-state").textContent);
const RETRIES = 5;
const LOST = "This board was closed on the server, so it no longer answers: reload the page " +
  "to get your board back (as you left it).";

function signal() {
  const slots = new Set();
  return {
    connect: (fn) => slots.add(fn),
    disconnect: (fn) => slots.delete(fn),
    emit: (value) => slots.forEach((fn) => fn(null, value)),
  };
}

function model(data) {
  const listeners = new Map();
  const kernel = { statusChanged: signal() };
  let socket = null;
  let pending = [];
  let tries = 0;
  let gone = false;

  const emit = (name) => (listeners.get(name) || new Set()).forEach((fn) => fn());
  const lost = () => {
    if (gone) return;
    gone = true;
    kernel.statusChanged.emit("dead");
  };
  const connect = () => {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    socket = new WebSocket(`${scheme}//${location.host}${state.socket}`);
    socket.onopen = () => {
      tries = 0;
      pending.forEach((text) => socket.send(text));
      pending = [];
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (typeof message.html === "string") {
        data.html = message.html;
        emit("change:html");
      }
    };
    socket.onclose = (event) => {
      // 4000–4999: the server says the board is gone; else a blip: try again a few times
      if (event.code >= 4000 || tries >= RETRIES) {
        lost();
        return;
      }
      tries += 1;
      setTimeout(connect, 500 * tries);
    };
  };

  connect();
  window.addEventListener("pagehide", () => socket && socket.close(1000));
  return {
    get: (name) => data[name],
    set: (name, value) => { data[name] = value; },
    save_changes: () => {},
    on: (name, fn) => {
      if (!listeners.has(name)) listeners.set(name, new Set());
      listeners.get(name).add(fn);
    },
    off: (name, fn) => listeners.has(name) && listeners.get(name).delete(fn),
    send: (content) => {
      const text = JSON.stringify(content);
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
      else if (!gone) pending.push(text);
    },
    widget_manager: { kernel, lostText: LOST },
  };
}

const view = (await import(state.esm)).default;
const el = document.getElementById("kk-board");
view.render({ model: model({ html: state.html }), el });
