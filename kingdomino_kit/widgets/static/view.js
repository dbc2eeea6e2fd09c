function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "kk-root";
  el.appendChild(root);
  root.tabIndex = 0;
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const draw = () => {
    const focused = root.contains(document.activeElement);
    root.innerHTML = model.get("html");
    if (focused) root.focus({ preventScroll: true });
  };
  const KEYS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
                 Enter: "enter", r: "rotate", R: "rotate", u: "undo", U: "undo" };
  const press = (ev) => {
    const key = KEYS[ev.key];
    if (!key || ev.ctrlKey || ev.metaKey || ev.altKey || !root.querySelector("[data-kk-keys]")) {
      return;
    }
    ev.preventDefault();
    ev.stopPropagation();
    model.send({ kkAction: "key", key });
  };
  const report = (ev) => {
    const target = ev.target.closest("[data-kk-action]");
    if (!target || !root.contains(target) || target.hasAttribute("disabled")) return;
    ev.preventDefault();
    model.send({ ...target.dataset });
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
    const row = Number(cell.dataset.row), col = Number(cell.dataset.col);
    const partner = cellAt(grid, row + Number(grid.dataset.ghostDr),
                           col + Number(grid.dataset.ghostDc));
    cell.classList.add("kk-ghost-first");
    if (partner) partner.classList.add("kk-ghost-second");
  };
  draw();
  model.on("change:html", draw);
  root.addEventListener("click", report);
  root.addEventListener("keydown", press);
  root.addEventListener("mouseover", ghost);
  root.addEventListener("mouseleave", unghost);
  return () => {
    model.off("change:html", draw);
    root.removeEventListener("click", report);
    root.removeEventListener("keydown", press);
    root.removeEventListener("mouseover", ghost);
    root.removeEventListener("mouseleave", unghost);
  };
}
export default { render };
