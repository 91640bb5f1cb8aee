// The linear hierarchy screen (CBLinearHierarchy): the sections along one axis, a `tree` whose
// items are the cells (the active path expanded, the current level after it). Choosing a cell
// (click, Enter, Space) goes to the server, whose answer carries the engine's update list: the
// removed cells fade out, then the inserted ones grow in.
//
// Keys: ← → (horizontal) or ↑ ↓ (vertical) move between cells, Home End, Enter or Space choose.
"use strict";
(() => {
  const view = { step: -1, focus: null, busy: false, pending: null };
  const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  const element = HierarchyScreen.element;

  function build(main) {
    main.replaceChildren();
    const linear = element("section", { id: "linear" });
    const tree = element("div", { id: "linear-tree", role: "tree" });
    const note = element("p", { id: "linear-keys", hidden: "" });
    linear.append(tree, note);
    main.append(linear);
    tree.addEventListener("keydown", onKey);
    tree.addEventListener("click", (event) => {
      const cell = event.target.closest(".cell");
      if (cell) choose(cell);
    });
    tree.setAttribute("aria-describedby", "linear-keys");
  }

  function key(section, item) { return section + ":" + item; }

  function render(snapshot, main) {
    if (!document.getElementById("linear")) build(main);
    const linear = snapshot.linear;
    const update = linear.update;
    if (update && update.step !== view.step && view.step !== -1 && !reducedMotion()) {
      view.step = update.step;
      markLeaving(update);
      view.pending = snapshot;
      setTimeout(() => { const next = view.pending; view.pending = null; if (next) draw(next, update); }, 160);
      return;
    }
    if (view.pending) { view.pending = snapshot; return; }
    if (update) view.step = update.step; else if (view.step === -1) view.step = 0;
    draw(snapshot, null);
  }

  function markLeaving(update) {
    const removedSections = new Set(update.removedSections);
    const removedItems = new Set(update.removedItems.map(([s, i]) => key(s, i)));
    for (const cell of document.querySelectorAll("#linear-tree .cell")) {
      const s = Number(cell.dataset.section), i = Number(cell.dataset.item);
      if (removedSections.has(s) || removedItems.has(key(s, i))) cell.classList.add("leaving");
    }
  }

  function draw(snapshot, update) {
    const linear = snapshot.linear;
    const section = document.getElementById("linear");
    section.className = linear.axis;
    const tree = document.getElementById("linear-tree");
    tree.setAttribute("aria-label", snapshot.title);
    tree.setAttribute("aria-orientation", linear.axis);
    tree.setAttribute("aria-busy", linear.loading ? "true" : "false");
    document.getElementById("linear-keys").textContent = linear.axis === "horizontal"
      ? "Left and right arrows move between cells, Enter opens or closes a cell."
      : "Up and down arrows move between cells, Enter opens or closes a cell.";
    const inserted = new Set();
    const reloaded = new Set();
    if (update) {
      for (const s of update.insertedSections) (linear.sections[s] || []).forEach((_, i) => inserted.add(key(s, i)));
      for (const [s, i] of update.insertedItems) inserted.add(key(s, i));
      for (const [s, i] of update.reloadedItems) reloaded.add(key(s, i));
    }
    const hadFocus = tree.contains(document.activeElement);
    const groups = [];
    const cells = [];
    linear.sections.forEach((items, s) => {
      const group = element("div", { role: "group", class: "section", "aria-label": "Level " + (s + 1) });
      group.style.gap = linear.spacing + "px";
      items.forEach((item, i) => {
        const attributes = {
          role: "treeitem", class: "cell", tabindex: "-1",
          "aria-level": String(s + 1), "aria-setsize": String(items.length), "aria-posinset": String(i + 1),
        };
        if (item.active) { attributes["aria-expanded"] = "true"; attributes["aria-current"] = "step"; }
        else if (item.expandable) attributes["aria-expanded"] = "false";
        if (linear.selected !== null && linear.selected !== undefined && !item.active && !item.expandable && item.title === linear.selected) attributes["aria-selected"] = "true";
        const cell = element("div", attributes);
        cell.dataset.section = s;
        cell.dataset.item = i;
        if (item.active) cell.classList.add("active");
        if (item.expandable) cell.classList.add("expandable");
        if (inserted.has(key(s, i))) cell.classList.add("entering");
        if (reloaded.has(key(s, i))) cell.classList.add("reloaded");
        cell.style.width = item.width + "px";
        cell.style.minHeight = item.height + "px";
        if (item.color) { cell.style.background = item.color; cell.style.color = contrastText(item.color); }
        cell.append(element("span", { class: "title" }, item.title));
        if (item.detail) {
          cell.classList.add("has-detail");
          const detail = element("span", { class: "detail" }, item.detail);
          if (item.color) detail.style.color = "inherit";
          cell.append(detail);
        }
        if (item.expandable && !item.active) cell.append(element("span", { class: "chevron", "aria-hidden": "true" }, "›"));
        group.append(cell);
        cells.push(cell);
      });
      groups.push(group);
    });
    if (linear.loading) {
      const group = element("div", { role: "group", class: "section", "aria-label": "Loading" });
      group.append(element("div", { role: "treeitem", class: "cell loading", "aria-level": String(linear.sections.length + 1), "aria-disabled": "true" }, "Loading…"));
      groups.push(group);
    }
    tree.replaceChildren(...groups);
    const target = cells.find((cell) => key(cell.dataset.section, cell.dataset.item) === view.focus) || currentLevelStart(cells);
    if (target) {
      target.tabIndex = 0;
      if (hadFocus || update) target.focus({ preventScroll: false });
      view.focus = key(target.dataset.section, target.dataset.item);
    }
  }

  function currentLevelStart(cells) {
    if (cells.length === 0) return null;
    const last = Math.max(...cells.map((cell) => Number(cell.dataset.section)));
    return cells.find((cell) => Number(cell.dataset.section) === last) || cells[0];
  }

  function contrastText(hex) {
    const value = parseInt(hex.slice(1), 16);
    const r = (value >> 16) & 255, g = (value >> 8) & 255, b = value & 255;
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 > 0.55 ? "#000" : "#fff";
  }

  function choose(cell) {
    view.focus = null;
    HierarchyScreen.act({ type: "select", section: Number(cell.dataset.section), item: Number(cell.dataset.item) });
  }

  function move(cell) {
    if (!cell) return;
    for (const other of document.querySelectorAll("#linear-tree .cell[tabindex='0']")) other.tabIndex = -1;
    cell.tabIndex = 0;
    cell.focus();
    view.focus = key(cell.dataset.section, cell.dataset.item);
  }

  function onKey(event) {
    const cell = event.target.closest(".cell");
    if (!cell || cell.classList.contains("loading")) return;
    const cells = Array.from(document.querySelectorAll("#linear-tree .cell:not(.loading)"));
    const index = cells.indexOf(cell);
    const horizontal = document.getElementById("linear").classList.contains("horizontal");
    const back = horizontal ? "ArrowLeft" : "ArrowUp";
    const forward = horizontal ? "ArrowRight" : "ArrowDown";
    switch (event.key) {
      case back: move(cells[Math.max(0, index - 1)]); break;
      case forward: move(cells[Math.min(cells.length - 1, index + 1)]); break;
      case "Home": move(cells[0]); break;
      case "End": move(cells[cells.length - 1]); break;
      case "Enter": case " ": choose(cell); break;
      default: return;
    }
    event.preventDefault();
  }

  HierarchyScreen.register("linear", { render });
})();
