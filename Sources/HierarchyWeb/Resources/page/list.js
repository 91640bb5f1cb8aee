// The list floorplan screen: a search bar, the grid header, the rows (a `grid`: one row per
// entity, its content, status and delete button), the empty-results view and a footer whose
// loading indicator animates. Scrolling near the end asks for the next page.
//
// Keys: ↑ ↓ Home End move between rows, Enter chooses the focused row, Delete deletes it (when the
// floorplan allows), typing in the search bar searches.
"use strict";
(() => {
  const view = { built: false, focusKey: null, asked: -1, snapshot: null };

  const element = HierarchyScreen.element;

  function build(main) {
    main.replaceChildren();
    const list = element("section", { id: "list" });
    const tools = element("div", { id: "list-tools" });
    const form = element("form", { id: "list-search-form", role: "search" });
    const search = element("input", { id: "list-search", type: "search", maxlength: "200" });
    form.append(search);
    form.addEventListener("submit", (event) => event.preventDefault());
    search.addEventListener("input", () => HierarchyScreen.act({ type: "search", text: search.value }));
    const add = element("button", { id: "list-add", type: "button" }, "Add");
    add.addEventListener("click", () => HierarchyScreen.act({ type: "add" }));
    const refresh = element("button", { id: "list-refresh", type: "button" }, "Refresh");
    refresh.addEventListener("click", () => HierarchyScreen.act({ type: "refresh" }));
    tools.append(form, add, refresh);
    const body = element("div", { id: "list-body" });
    const grid = element("div", { id: "list-grid", role: "grid" });
    const header = element("div", { id: "list-header", role: "rowgroup" });
    const rows = element("div", { id: "list-rows", role: "rowgroup" });
    grid.append(header, rows);
    const empty = element("div", { id: "list-empty", role: "status" });
    const footer = element("div", { id: "list-footer", "aria-live": "polite" });
    body.append(grid, empty, footer);
    list.append(tools, body);
    main.append(list);
    body.addEventListener("scroll", () => loadMoreIfNeeded());
    rows.addEventListener("keydown", onKey);
    rows.addEventListener("click", onClick);
    rows.addEventListener("focusin", (event) => {
      const row = event.target.closest(".row");
      if (row) view.focusKey = row.dataset.key;
    });
    view.built = true;
  }

  function renderHeader(header, columns) {
    header.replaceChildren();
    header.hidden = columns.length === 0;
    if (columns.length === 0) return;
    const row = element("div", { role: "row", class: "header-row", "aria-rowindex": "1" });
    const total = columns.reduce((sum, column) => sum + column.width, 0) || 1;
    for (const column of columns) {
      const cell = element("span", { role: "columnheader", class: "column-title " + column.alignment }, column.text);
      cell.style.flexBasis = (100 * column.width / total) + "%";
      row.append(cell);
    }
    header.append(row);
  }

  function renderRow(row, canDelete, position) {
    const node = element("div", { role: "row", class: "row", tabindex: "-1", "aria-rowindex": String(position) });
    node.dataset.key = row.key;
    node.dataset.section = row.section;
    node.dataset.item = row.item;
    const content = element("div", { role: "gridcell", class: "content" });
    content.append(element("span", { class: "headline" }, row.headline));
    if (row.subheadline) content.append(element("span", { class: "subheadline" }, row.subheadline));
    if (row.footnote) content.append(element("span", { class: "footnote" }, row.footnote));
    node.append(content);
    node.append(element("div", { role: "gridcell", class: "status" }, row.status || ""));
    if (canDelete) {
      const cell = element("div", { role: "gridcell", class: "actions" });
      const button = element("button", { type: "button", class: "delete", tabindex: "-1", "aria-label": "Delete " + row.headline }, "Delete");
      cell.append(button);
      node.append(cell);
    }
    return node;
  }

  function render(snapshot, main) {
    if (!view.built || !document.getElementById("list")) build(main);
    const list = snapshot.list;
    view.snapshot = snapshot;
    const search = document.getElementById("list-search");
    const form = document.getElementById("list-search-form");
    form.hidden = !list.searchEnabled;
    search.placeholder = list.searchPlaceholder;
    search.setAttribute("aria-label", list.searchPlaceholder || "Search");
    if (document.activeElement !== search && search.value !== list.searchText) search.value = list.searchText;
    document.getElementById("list-add").hidden = !list.canAdd;
    const grid = document.getElementById("list-grid");
    grid.setAttribute("aria-label", snapshot.title);
    renderHeader(document.getElementById("list-header"), list.header);
    const rows = document.getElementById("list-rows");
    const hadFocus = rows.contains(document.activeElement);
    const first = list.header.length ? 2 : 1;
    const nodes = list.rows.map((row, index) => renderRow(row, list.canDelete, first + index));
    rows.replaceChildren(...nodes);
    rows.hidden = nodes.length === 0;
    grid.hidden = nodes.length === 0 && list.header.length === 0;
    grid.setAttribute("aria-rowcount", String(nodes.length + first - 1));
    let focused = nodes.find((node) => node.dataset.key === view.focusKey) || nodes[0];
    if (focused) {
      focused.tabIndex = 0;
      if (hadFocus) focused.focus({ preventScroll: true });
    }
    const empty = document.getElementById("list-empty");
    empty.hidden = list.footer.kind !== "empty";
    empty.textContent = list.footer.kind === "empty" ? list.footer.text : "";
    renderFooter(document.getElementById("list-footer"), list.footer);
    loadMoreIfNeeded();
  }

  function renderFooter(footer, state) {
    footer.replaceChildren();
    footer.className = state.kind;
    footer.setAttribute("aria-busy", state.kind === "loading" ? "true" : "false");
    if (state.kind === "none" || state.kind === "empty") return;
    if (state.kind === "loading") footer.append(element("span", { class: "spinner", "aria-hidden": "true" }));
    footer.append(element("span", { class: "text" }, state.text || ""));
    if (state.kind === "error") {
      const retry = element("button", { type: "button", id: "list-retry" }, "Retry");
      retry.addEventListener("click", () => HierarchyScreen.act({ type: "retry" }));
      footer.append(retry);
    }
  }

  function loadMoreIfNeeded() {
    const snapshot = view.snapshot;
    if (!snapshot || !snapshot.list.canLoadMore || view.asked === snapshot.version) return;
    const body = document.getElementById("list-body");
    if (body.scrollTop + body.clientHeight < body.scrollHeight - 200) return;
    view.asked = snapshot.version;
    HierarchyScreen.act({ type: "more" });
  }

  function position(row) {
    return { section: Number(row.dataset.section), item: Number(row.dataset.item), key: row.dataset.key };
  }

  function focusRow(row) {
    if (!row) return;
    for (const other of document.querySelectorAll("#list-rows .row[tabindex='0']")) other.tabIndex = -1;
    row.tabIndex = 0;
    row.focus();
    view.focusKey = row.dataset.key;
    if (!row.nextElementSibling) loadMoreIfNeeded();
  }

  function onKey(event) {
    const row = event.target.closest(".row");
    if (!row) return;
    const rows = Array.from(document.querySelectorAll("#list-rows .row"));
    const index = rows.indexOf(row);
    switch (event.key) {
      case "ArrowDown": focusRow(rows[Math.min(rows.length - 1, index + 1)]); break;
      case "ArrowUp": focusRow(rows[Math.max(0, index - 1)]); break;
      case "Home": focusRow(rows[0]); break;
      case "End": focusRow(rows[rows.length - 1]); break;
      case "PageDown": focusRow(rows[Math.min(rows.length - 1, index + 10)]); break;
      case "PageUp": focusRow(rows[Math.max(0, index - 10)]); break;
      case "Enter": HierarchyScreen.act(Object.assign({ type: "select" }, position(row))); break;
      case "Delete":
        if (view.snapshot && view.snapshot.list.canDelete) HierarchyScreen.act(Object.assign({ type: "delete" }, position(row)));
        break;
      default: return;
    }
    event.preventDefault();
  }

  function onClick(event) {
    const row = event.target.closest(".row");
    if (!row) return;
    if (event.target.closest(".delete")) {
      HierarchyScreen.act(Object.assign({ type: "delete" }, position(row)));
      return;
    }
    const wasFocused = view.focusKey === row.dataset.key && document.activeElement === row;
    focusRow(row);
    if (wasFocused || event.detail >= 2) HierarchyScreen.act(Object.assign({ type: "select" }, position(row)));
  }

  HierarchyScreen.register("list", { render });
})();
