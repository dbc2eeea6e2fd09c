// The browser side of every kingdomino-kit board (see kingdomino_kit/widgets/view.py).
// Python renders the whole board as HTML in the `html` trait; this module shows it, reports a
// click on an element carrying `data-kk-action` as one custom message, reports the board's
// keys, announces the message line to screen readers, keeps the keyboard focus in place
// across redraws, and says when the board's kernel stopped (its Python is gone: reload).

// Keys the board answers (with data-kk-keys in the HTML) when a control does not take them.
const KEYS = {
  ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
  Enter: "enter", r: "rotate", R: "rotate", u: "undo", U: "undo",
};
// Keys a focused control keeps: Enter and Space activate it.
const ACTIVATE = new Set(["Enter", " "]);
const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);
// Kernel states in which the board's Python is gone: a restarted kernel is a new, empty one.
const GONE = new Set(["restarting", "autorestarting", "dead"]);
const LOST = "This board's kernel stopped, so the board no longer answers: reload the " +
  "page to get a working board (in a notebook, run its cell again).";

// What identifies a control across redraws: its action and its data-* values.
function identity(node) {
  if (!node || !node.dataset || !node.dataset.kkAction) return null;
  return JSON.stringify(Object.entries(node.dataset).sort());
}

function findByIdentity(root, key) {
  for (const node of root.querySelectorAll("[data-kk-action]")) {
    if (identity(node) === key) return node;
  }
  return null;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "kk-root";
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const content = document.createElement("div");
  content.className = "kk-content";
  // The message line is read out by screen readers: a live region that stays in the page
  // while the board under it is redrawn (a region inserted anew is not announced).
  const live = document.createElement("div");
  live.className = "kk-live";
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  root.append(content, live);
  el.appendChild(root);

  const announce = () => {
    const message = content.querySelector(".kk-message");
    const text = message ? message.textContent : "";
    if (text !== live.textContent) live.textContent = text;
  };

  const draw = () => {
    const active = document.activeElement;
    const focused = root.contains(active);
    const key = focused && active !== root ? identity(active) : null;
    content.innerHTML = model.get("html");
    const board = content.querySelector("[data-kk-name]");
    root.setAttribute("aria-label", board ? board.dataset.kkName : "kingdomino-kit board");
    if (focused) {
      const again = key && findByIdentity(content, key);
      (again && !again.hasAttribute("disabled") ? again : root).focus({ preventScroll: true });
    }
    announce();
  };

  const send = (target) => model.send({ ...target.dataset });

  const press = (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || TYPING.has(ev.target.tagName)) return;
    const control = ev.target !== root && ev.target.closest("[data-kk-action], a, button");
    if (control && ev.key === "Escape") {
      // back from a control to the board, where the arrows and Enter work on the cells
      ev.preventDefault();
      ev.stopPropagation();
      root.focus({ preventScroll: true });
      return;
    }
    if (control && ACTIVATE.has(ev.key)) {
      // a focused control: Enter and Space are its own (a button clicks itself), and the
      // notebook around does not see them
      ev.stopPropagation();
      if (control.tagName !== "BUTTON" && control.tagName !== "A" && control.dataset.kkAction) {
        ev.preventDefault();
        send(control);
      }
      return;
    }
    const key = KEYS[ev.key];
    if (!key || !content.querySelector("[data-kk-keys]")) return;
    ev.preventDefault();
    ev.stopPropagation();
    model.send({ kkAction: "key", key });
  };

  const report = (ev) => {
    const target = ev.target.closest("[data-kk-action]");
    if (!target || !root.contains(target) || target.hasAttribute("disabled")) return;
    ev.preventDefault();
    send(target);
  };

  const cellAt = (grid, row, col) =>
    grid.querySelector(`.kk-cell[data-row="${row}"][data-col="${col}"]`);
  const unghost = () => {
    root.querySelectorAll(".kk-ghost-first, .kk-ghost-second").forEach((node) =>
      node.classList.remove("kk-ghost-first", "kk-ghost-second"));
  };
  const ghost = (ev) => {
    unghost();
    const cell = ev.target.closest(".kk-cell[data-row]");
    const grid = cell && cell.closest("[data-ghost-dr]");
    if (!grid) return;
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    const partner = cellAt(grid, row + Number(grid.dataset.ghostDr),
      col + Number(grid.dataset.ghostDc));
    cell.classList.add("kk-ghost-first");
    if (partner) partner.classList.add("kk-ghost-second");
  };

  // The kernel behind the board stopped (it died and was restarted, or is dead): one line,
  // visible and read out, asking to reload. The widget manager knows the kernel (Voilà's and
  // JupyterLab's do; the board server's page says the same of its line to the board, in its
  // own words); elsewhere nothing is said.
  const kernel = model.widget_manager && model.widget_manager.kernel;
  const gone = (model.widget_manager && model.widget_manager.lostText) || LOST;
  const watch = (_, status) => {
    if (!GONE.has(status) || root.querySelector(".kk-lost")) return;
    const lost = document.createElement("div");
    lost.className = "kk-lost";
    lost.textContent = gone;
    root.prepend(lost);
    root.classList.add("kk-gone");
    live.textContent = gone;
  };
  if (kernel && kernel.statusChanged) kernel.statusChanged.connect(watch);

  draw();
  model.on("change:html", draw);
  root.addEventListener("click", report);
  root.addEventListener("keydown", press);
  root.addEventListener("mouseover", ghost);
  root.addEventListener("mouseleave", unghost);
  return () => {
    if (kernel && kernel.statusChanged) kernel.statusChanged.disconnect(watch);
    model.off("change:html", draw);
    root.removeEventListener("click", report);
    root.removeEventListener("keydown", press);
    root.removeEventListener("mouseover", ghost);
    root.removeEventListener("mouseleave", unghost);
  };
}

export default { render };
