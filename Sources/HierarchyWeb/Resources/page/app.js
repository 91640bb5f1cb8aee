// The page of `hierarchy serve`: draws the snapshots the server sends and forwards
// gestures and keys. The engine (loading, navigation, snapping) runs in the server; this
// file never decides where anything goes. All text goes into the DOM with textContent.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const stage = $("stage"), columnsEl = $("columns"), statusEl = $("status");
  const params = new URLSearchParams(location.search);
  const state = {
    session: null, version: -1, snapshot: null, columnEls: new Map(),
    inFlight: 0, queue: [], pendingScroll: new Map(), scrollSending: false,
    pan: null, tapMark: null, search: null, pollErrors: 0, stopped: false, hints: new Map(),
  };
  window.hierarchy = state; // for tests and the console

  // MARK: Requests

  const request = window.HierarchyTransport.request;

  function viewport() {
    return { width: Math.round(stage.clientWidth), height: Math.round(stage.clientHeight) };
  }

  // The session and its pushed snapshots live in transport.js.
  function start() {
    state.transport = window.HierarchyTransport.open({
      request,
      body: () => {
        const size = viewport();
        const body = { width: size.width, height: size.height };
        if (params.has("rtl")) body.rtl = params.get("rtl") !== "0";
        return body;
      },
      onSnapshot: (snapshot) => {
        if (snapshot.session !== state.session) { state.session = snapshot.session; state.version = -1; }
        apply(snapshot);
      },
      onError: (error) => showMessage(error.message, true),
    });
  }

  // Actions are sent one at a time, in order; pan moves and scrolls coalesce.
  function send(action) {
    if (!state.session || state.queue.length >= 100) return Promise.resolve(null);
    if (action.type === "pan") {
      const last = state.queue[state.queue.length - 1];
      if (last && last.action.type === "pan") { last.action.translation = action.translation; return last.promise; }
    }
    let resolve;
    const promise = new Promise((r) => { resolve = r; });
    state.queue.push({ action, promise, resolve });
    pump();
    return promise;
  }

  async function pump() {
    if (state.inFlight > 0) return;
    const next = state.queue.shift();
    if (!next) return;
    state.inFlight = 1;
    let result = null;
    try {
      result = await request("POST", "api/sessions/" + encodeURIComponent(state.session) + "/actions", next.action);
      apply(result);
    } catch (error) {
      handleError(error);
    } finally {
      state.inFlight = 0;
      next.resolve(result);
      pump();
    }
  }

  function handleError(error) {
    if (error.status === 404 && /session/.test(error.message)) {
      state.transport.lost(); // recreated where it was; the next snapshot redraws
      return;
    }
    showMessage(error.message, true);
  }

  // MARK: Drawing

  function apply(snapshot) {
    if (!snapshot || snapshot.version < state.version) return;
    state.version = snapshot.version;
    state.snapshot = snapshot;
    render(snapshot);
    document.dispatchEvent(new CustomEvent("hierarchy:snapshot", { detail: snapshot }));
    if (snapshot.copied != null) copyText(snapshot.copied);
    if (snapshot.message) showMessage(snapshot.message, snapshot.messageIsError !== false);
  }

  function showMessage(text, isError) {
    statusEl.textContent = text;
    statusEl.classList.toggle("error", !!isError);
    state.messageUntil = performance.now() + 4000;
  }

  function render(s) {
    document.documentElement.dir = s.rtl ? "rtl" : "ltr";
    document.title = s.name ? s.name + " — Hierarchy" : "Hierarchy";
    const path = $("path");
    path.replaceChildren(...pathTitles(s).map((t) => {
      const span = document.createElement("span");
      span.textContent = t;
      return span;
    }));
    const edit = $("edit");
    edit.setAttribute("aria-pressed", String(s.editing));
    edit.textContent = s.editing ? "Done" : "Edit";
    if (!state.messageUntil || performance.now() > state.messageUntil) {
      // The status text every face shows (row, editing, loading), from the server.
      statusEl.textContent = s.status || "";
      statusEl.classList.remove("error");
    }
    const header = $("compact-header");
    header.hidden = !s.header;
    if (s.header) {
      header.style.height = s.header.height + "px";
      $("header-title").textContent = s.header.title || "";
      $("prev").disabled = !s.header.previousEnabled;
      $("next").disabled = !s.header.nextEnabled;
    }
    // The compact layout is the page's table form (the fdlFUIBaseCollectionViewCell class paths).
    columnsEl.classList.toggle("table", !!s.compact);
    const seen = new Set();
    for (const column of s.columns) {
      seen.add(column.index);
      renderColumn(column, s);
    }
    for (const [index, el] of state.columnEls) {
      if (!seen.has(index)) { el.remove(); state.columnEls.delete(index); }
    }
    const focused = s.focused ? columnsEl.querySelector('[data-focused="1"]') : null;
    if (focused) stage.setAttribute("aria-activedescendant", focused.id); else stage.removeAttribute("aria-activedescendant");
    if (state.tapMark && s.columns.some((c) => c.parent === state.tapMark.uuid && c.items.length > 0 && !c.items[0].placeholder)) {
      const mark = state.tapMark;
      state.tapMark = null;
      requestAnimationFrame(() => setTimeout(() => {
        performance.measure("tap-to-next-column", mark.name);
      }, 0));
    }
  }

  /**
   * The path line's titles: the source's name, then each expanded level once. The root's
   * title is usually the document's name again ("big.json"); then it is named once.
   */
  function pathTitles(s) {
    const titles = (s.path || []).filter((t) => t != null && t !== "");
    if (s.name && titles[0] !== s.name) titles.unshift(s.name);
    return titles;
  }

  // MARK: Virtual scrolling
  //
  // A column's content can be far taller than the browser lets an element be (about
  // 33,554,428 CSS px in Chromium: 10,000,000 rows of 72 px are 720,000,000 px). The
  // spacer is at most MAX_SPACER px and the scroll offset maps linearly onto the engine's
  // content offset, as AG Grid and VS Code do:
  //   engine = dom * ratio, ratio = (content - viewport) / (spacer - viewport).
  // The rows the server sent (only those near the viewport) sit in one layer placed so
  // that the engine offset `client` is at the top of the viewport; wheel and touch move
  // `client` by engine pixels (one wheel notch moves a few rows, not a few thousand), the
  // scrollbar thumb covers the whole content, and keys move the offset in the server.

  const MAX_SPACER = 10000000;

  /** The scale of a column: engine pixels per DOM pixel of scroll (1 when it fits). */
  function geometry(el) {
    const v = el._v;
    const spacer = Math.min(v.content, MAX_SPACER);
    const range = Math.max(0, v.content - v.viewport), domRange = Math.max(0, spacer - v.viewport);
    return { spacer, range, domRange, ratio: domRange > 0 ? range / domRange : 1 };
  }

  /** Places the row layer so that the engine offset `v.client` is at the viewport's top. */
  function placeLayer(el) {
    const v = el._v;
    v.layer.style.top = (el.scrollTop - v.client + v.rendered) + "px";
  }

  /** Scrolls the DOM to show engine offset `offset`, without reporting it back as a user scroll. */
  function scrollColumnTo(el, offset) {
    const v = el._v, g = geometry(el);
    v.client = Math.max(0, Math.min(g.range, offset));
    const top = g.ratio > 0 ? v.client / g.ratio : 0;
    v.expectedTop = top;
    el.scrollTop = top;
    v.expectedTop = el.scrollTop; // what the browser really set (it rounds)
    placeLayer(el);
  }

  function makeColumn(index) {
    const el = document.createElement("div");
    el.className = "column";
    el.setAttribute("role", "group");
    const content = document.createElement("div");
    content.className = "content";
    const layer = document.createElement("div");
    layer.className = "rows";
    content.appendChild(layer);
    el.appendChild(content);
    el._v = { content: 0, viewport: 0, client: 0, rendered: 0, expectedTop: null, layer, touch: null };
    el.addEventListener("scroll", () => onColumnScroll(el));
    el.addEventListener("wheel", (event) => onColumnWheel(el, event), { passive: false });
    el.addEventListener("pointerdown", (event) => onColumnTouchStart(el, event));
    el.addEventListener("pointermove", (event) => onColumnTouchMove(el, event));
    el.addEventListener("pointerup", (event) => { if (el._v.touch && el._v.touch.id === event.pointerId) el._v.touch = null; });
    el.addEventListener("pointercancel", () => { el._v.touch = null; });
    columnsEl.appendChild(el);
    state.columnEls.set(index, el);
    return el;
  }

  /**
   * Draws one column: geometry, the spacer, the rows the server sent.
   *
   * - Complexity: O(r) for the r rows in the snapshot (only those near the viewport).
   */
  function renderColumn(column, s) {
    const el = state.columnEls.get(column.index) || makeColumn(column.index);
    const v = el._v;
    el.dataset.index = column.index;
    el.dataset.count = column.itemCount;
    el.setAttribute("aria-label", "Level " + (column.index + 1) + ", " + column.itemCount.toLocaleString("en-US") + " items");
    el.classList.toggle("loading-siblings", column.loadingSiblings);
    Object.assign(el.style, { left: column.x + "px", top: column.y + "px", width: column.width + "px", height: column.height + "px" });
    v.content = column.contentHeight;
    v.viewport = column.height;
    const g = geometry(el);
    el.classList.toggle("scaled", g.ratio > 1.001);
    const content = el.firstChild;
    const height = g.spacer + "px";
    if (content.style.height !== height) content.style.height = height;
    v.rendered = column.offsetY;
    // The vertical scrollbar (on the left in right to left) takes room the engine's frames
    // do not know about: cards keep clear of it.
    const border = parseFloat(getComputedStyle(el).borderInlineEndWidth) || 0;
    v.bar = Math.max(0, el.offsetWidth - el.clientWidth - border);
    v.rtl = !!s.rtl;
    v.clientWidth = el.clientWidth;
    const existing = new Map();
    for (const card of v.layer.children) existing.set(card.dataset.uuid, card);
    const keep = new Set();
    for (const item of column.items) {
      let card = existing.get(item.uuid);
      if (!card || keep.has(card)) { card = makeCard(); v.layer.appendChild(card); }
      keep.add(card);
      fillCard(card, item, column, s);
    }
    for (const card of [...v.layer.children]) if (!keep.has(card)) card.remove();
    if (state.pendingScroll.has(column.index)) {
      placeLayer(el);
    } else {
      // The server decides the offset (keys, focus kept in view, data changed under it).
      scrollColumnTo(el, column.offsetY);
    }
  }

  /**
   * A card's CSS left and width inside its column: the engine's frame, narrowed where the
   * scrollbar covers it (right in left to right, left in right to left, where the column's
   * content box starts after the scrollbar).
   */
  function horizontalBox(item, v) {
    if (!v.bar) return { left: item.x, width: item.width };
    const gap = 4;
    if (v.rtl) {
      const start = Math.max(item.x, v.bar + gap);
      return { left: start - v.bar, width: Math.max(0, item.x + item.width - start) };
    }
    const end = Math.min(item.x + item.width, v.clientWidth - gap);
    return { left: item.x, width: Math.max(0, end - item.x) };
  }

  function makeCard() {
    const card = document.createElement("div");
    card.className = "card";
    card.setAttribute("role", "treeitem");
    const detail = document.createElement("span");
    detail.className = "detail-image";
    detail.hidden = true;
    card.appendChild(detail);
    const text = document.createElement("div");
    text.className = "text";
    const titleRow = document.createElement("div");
    titleRow.className = "title-row";
    for (const name of ["status-image", "icons", "title", "status", "accessory"]) {
      const span = document.createElement("span");
      span.className = name;
      if (name === "status-image" || name === "icons") span.hidden = true;
      titleRow.appendChild(span);
    }
    text.appendChild(titleRow);
    for (const name of ["subtitle", "footnote"]) {
      const div = document.createElement("div");
      div.className = name;
      text.appendChild(div);
    }
    card.appendChild(text);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "indicator";
    button.tabIndex = -1;
    const count = document.createElement("span");
    count.className = "count";
    const chevron = document.createElement("span");
    chevron.className = "chevron";
    chevron.textContent = "›";
    chevron.setAttribute("aria-hidden", "true");
    button.append(count, chevron);
    card.appendChild(button);
    return card;
  }

  function setText(el, text) {
    const value = text == null ? "" : String(text);
    if (el.textContent !== value) el.textContent = value;
    el.hidden = value === "";
  }

  function fillCard(card, item, column, s) {
    card.dataset.uuid = item.uuid;
    card.id = "item-" + column.index + "-" + item.row;
    card.dataset.focused = item.focused ? "1" : "0";
    card.className = "card" + (item.expanded ? " expanded" : "") + (item.selected ? " selected" : "") +
      (item.focused ? " focused" : "") + (item.placeholder ? " placeholder" : "") + (item.error ? " failed" : "");
    const box = horizontalBox(item, state.columnEls.get(column.index)._v);
    Object.assign(card.style, { top: (item.y - column.offsetY) + "px", left: box.left + "px", width: box.width + "px", height: item.height + "px" });
    setText(card.querySelector(".title"), item.title);
    setText(card.querySelector(".status"), item.status);
    fillAccessory(card.querySelector(".accessory"), item);
    fillDetailImage(card.querySelector(".detail-image"), item.detailImage);
    fillDetailImage(card.querySelector(".status-image"), item.statusImage);
    fillIcons(card.querySelector(".icons"), item.iconImages || []);
    // A table cell's layout margins move its content (the trailing edge has no effect).
    const m = item.margins, text = card.querySelector(".text");
    text.style.paddingTop = m ? (12 + m.top) + "px" : "";
    text.style.paddingInlineStart = m ? (12 + m.leading) + "px" : "";
    text.style.paddingBottom = m ? (12 + m.bottom) + "px" : "";
    setText(card.querySelector(".subtitle"), item.subtitle);
    setText(card.querySelector(".footnote"), item.footnote);
    card.setAttribute("aria-label", item.label);
    if (item.error) card.setAttribute("aria-invalid", "true"); else card.removeAttribute("aria-invalid");
    card.setAttribute("aria-level", String(column.index + 1));
    card.setAttribute("aria-setsize", String(column.itemCount));
    card.setAttribute("aria-posinset", String(item.row + 1));
    if (item.indicator != null) card.setAttribute("aria-expanded", String(item.expanded)); else card.removeAttribute("aria-expanded");
    if (s.editing) card.setAttribute("aria-selected", String(item.selected)); else card.removeAttribute("aria-selected");
    if (item.hint) card.setAttribute("aria-describedby", hintId(item.hint)); else card.removeAttribute("aria-describedby");
    const button = card.querySelector(".indicator");
    button.hidden = item.indicator == null;
    button.classList.toggle("single", item.multiline === false);
    const full = item.indicator == null ? "" : String(item.indicator);
    setText(button.querySelector(".count"), abbreviateCount(full, INDICATOR_CHARACTERS));
    button.hidden = item.indicator == null;
    if (full !== "") button.title = full; else button.removeAttribute("title");
    button.setAttribute("aria-label", item.value || (full ? full + " children" : "Show children"));
  }

  /**
   * The accessory: the type's glyph, or a custom accessory view's text or image (an `<img>`
   * for a `data:image/…` address, else its glyph) in its tint, named by its accessible label.
   */
  function fillAccessory(el, item) {
    el.dataset.type = item.accessoryType || "";
    el.style.color = item.accessoryTint || "";
    if (item.accessoryLabel) {
      el.setAttribute("role", "img");
      el.setAttribute("aria-label", item.accessoryLabel);
    } else {
      el.removeAttribute("role");
      el.removeAttribute("aria-label");
    }
    const image = item.accessoryImage;
    if (image && /^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(image.name)) {
      el.hidden = false;
      if (el.dataset.image === image.name) return;
      el.dataset.image = image.name;
      const img = document.createElement("img");
      img.alt = "";
      img.src = image.name;
      el.replaceChildren(img);
      return;
    }
    if (el.dataset.image) { delete el.dataset.image; el.replaceChildren(); }
    setText(el, item.accessory);
  }

  /**
   * The detail image: an `<img>` for an image given as a `data:image/…` address (the only
   * images the page's content security policy loads), else the glyph of a named icon, in the
   * `fdlFUIHierarchyItemView_detailImageView` tint.
   */
  function fillDetailImage(el, image) {
    if (!image) {
      if (!el.hidden) { el.hidden = true; el.replaceChildren(); delete el.dataset.name; }
      return;
    }
    el.hidden = false;
    if (el.dataset.name === image.name) return;
    el.dataset.name = image.name;
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", image.label || image.name);
    if (/^data:image\/(png|jpeg|gif|webp|svg\+xml)[;,]/.test(image.name)) {
      const img = document.createElement("img");
      img.alt = "";
      img.src = image.name;
      el.replaceChildren(img);
    } else {
      el.replaceChildren(document.createTextNode(image.glyph || ""));
    }
  }

  /**
   * The icons before the title (`iconImages`): each a text icon's text, a named icon's glyph,
   * or an `<img>` for a `data:image/…` address, named by its accessible label.
   */
  function fillIcons(el, icons) {
    const key = icons.map((icon) => icon.name + "\u0000" + icon.glyph).join("\u0001");
    el.hidden = icons.length === 0;
    if (el.dataset.key === key) return;
    el.dataset.key = key;
    el.replaceChildren(...icons.map((icon) => {
      const span = document.createElement("span");
      span.className = "icon";
      fillDetailImage(span, icon);
      return span;
    }));
  }

  /** The id of a hidden element holding an engine hint (few distinct texts, one element each). */
  function hintId(text) {
    let id = state.hints.get(text);
    if (!id) {
      id = "hint-" + state.hints.size;
      const p = document.createElement("p");
      p.id = id;
      p.textContent = text;
      $("hints").appendChild(p);
      state.hints.set(text, id);
    }
    return id;
  }

  // The indicator is 56 px wide: six characters of its 12 px font fit.
  const INDICATOR_CHARACTERS = 5;

  /**
   * A count that fits `room` characters: "999", "12K", "1.2M", "1M", else "99+" style
   * (the largest number of `room - 1` nines). Text that is not a count is returned as is.
   */
  function abbreviateCount(text, room) {
    if (text.length <= room || !/^[0-9][0-9,. \u00a0\u202f]*\+?$/.test(text)) return text;
    const digits = text.replace(/[^0-9]/g, "");
    const value = Number(digits);
    if (!Number.isFinite(value)) return text;
    const units = [[1e12, "T"], [1e9, "B"], [1e6, "M"], [1e3, "K"]];
    for (const [size, suffix] of units) {
      if (value < size) continue;
      const scaled = value / size;
      const oneDecimal = Math.floor(scaled * 10) / 10;
      let short = (scaled < 10 && oneDecimal !== Math.floor(scaled) ? oneDecimal.toFixed(1) : String(Math.floor(scaled))) + suffix;
      if (short.length > room) short = String(Math.floor(scaled)) + suffix;
      if (short.length <= room) return short;
      break;
    }
    return "9".repeat(Math.max(1, room - 1)) + "+";
  }

  // MARK: Input

  function onColumnScroll(el) {
    const v = el._v;
    // Ignore the scroll event of an offset set here.
    if (v.expectedTop !== null && Math.abs(el.scrollTop - v.expectedTop) < 1) { placeLayer(el); return; }
    v.expectedTop = null;
    const g = geometry(el);
    // Native scrolling (scrollbar drag, keys of the browser): the DOM offset is the truth.
    v.client = Math.max(0, Math.min(g.range, el.scrollTop * g.ratio));
    if (el.scrollTop >= g.domRange - 0.5) v.client = g.range; // the bottom shows the last row exactly
    placeLayer(el);
    reportScroll(el);
  }

  /** Scrolls a column by engine pixels (the wheel or a finger in a scaled column). */
  function scrollColumnBy(el, delta) {
    const v = el._v;
    const before = v.client;
    scrollColumnTo(el, v.client + delta);
    if (v.client !== before) reportScroll(el);
  }

  function reportScroll(el) {
    state.pendingScroll.set(Number(el.dataset.index), el._v.client);
    flushScrolls();
  }

  function onColumnWheel(el, event) {
    if (!el.classList.contains("scaled") || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
    event.preventDefault();
    const unit = event.deltaMode === 1 ? 20 : event.deltaMode === 2 ? el._v.viewport : 1;
    scrollColumnBy(el, event.deltaY * unit);
  }

  // A finger in a scaled column (touch-action: none there) scrolls by engine pixels too;
  // horizontal drags still go to the stage's pan.
  function onColumnTouchStart(el, event) {
    if (event.pointerType !== "touch" || !el.classList.contains("scaled")) return;
    el._v.touch = { id: event.pointerId, x: event.clientX, y: event.clientY, vertical: null };
  }

  function onColumnTouchMove(el, event) {
    const touch = el._v.touch;
    if (!touch || touch.id !== event.pointerId) return;
    const dx = event.clientX - touch.x, dy = event.clientY - touch.y;
    if (touch.vertical === null) {
      if (Math.abs(dx) < 8 && Math.abs(dy) < 8) return;
      touch.vertical = Math.abs(dy) > Math.abs(dx);
    }
    if (!touch.vertical) return;
    touch.x = event.clientX;
    touch.y = event.clientY;
    scrollColumnBy(el, -dy);
  }

  async function flushScrolls() {
    if (state.scrollSending) return;
    state.scrollSending = true;
    try {
      while (state.pendingScroll.size > 0) {
        const [index, offset] = state.pendingScroll.entries().next().value;
        await send({ type: "scroll", column: index, offset });
        const el = state.columnEls.get(index);
        if (state.pendingScroll.get(index) === offset || !el) state.pendingScroll.delete(index);
      }
    } finally {
      state.scrollSending = false;
    }
  }

  function cardOf(target) {
    const card = target.closest && target.closest(".card");
    return card && !card.classList.contains("placeholder") ? card : null;
  }

  columnsEl.addEventListener("click", (event) => {
    if (state.suppressClick) { state.suppressClick = false; return; }
    const card = cardOf(event.target);
    if (!card) return;
    stage.focus({ preventScroll: true });
    const uuid = card.dataset.uuid;
    const onIndicator = event.target.closest(".indicator");
    if (onIndicator || (!state.snapshot.editing && card.querySelector(".indicator:not([hidden])"))) {
      state.tapMark = { uuid, name: "tap-" + performance.now() };
      performance.mark(state.tapMark.name);
    }
    send(onIndicator ? { type: "tapIndicator", uuid } : { type: "tapItem", uuid });
  });

  $("prev").addEventListener("click", () => send({ type: "previous" }));
  $("next").addEventListener("click", () => send({ type: "next" }));
  $("edit").addEventListener("click", () => send({ type: "editing", on: !(state.snapshot && state.snapshot.editing) }));
  $("copy").addEventListener("click", () => copyFocused());

  function copyFocused() {
    const uuid = state.snapshot && state.snapshot.focused;
    if (!uuid) { showMessage("Nothing to copy", false); return; }
    send({ type: "copy", uuid });
  }

  async function copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      showMessage("Copied “" + text.split("\n")[0] + "”", false);
    } catch (_) {
      showMessage("The browser refused the clipboard", true);
    }
  }

  const keys = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "PageUp", "PageDown", "Home", "End", "Enter", "Backspace", "Tab", "Escape", " "]);
  stage.addEventListener("keydown", (event) => {
    if (event.altKey || event.metaKey) return;
    if (event.ctrlKey) {
      if (event.key === "c") { event.preventDefault(); copyFocused(); }
      return;
    }
    if (event.key === "/") { event.preventDefault(); $("search").focus(); return; }
    if (keys.has(event.key) || event.key.length === 1) {
      event.preventDefault();
      send({ type: "key", key: event.key, shift: event.shiftKey });
    }
  });

  // Horizontal drags pan the columns (pointer and touch); vertical ones scroll natively.
  stage.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest("#compact-header")) return;
    state.pan = { id: event.pointerId, x0: event.clientX, y0: event.clientY, active: false, samples: [[event.timeStamp, event.clientX]] };
  });
  stage.addEventListener("pointermove", (event) => {
    const pan = state.pan;
    if (!pan || pan.id !== event.pointerId) return;
    const dx = event.clientX - pan.x0, dy = event.clientY - pan.y0;
    if (!pan.active) {
      if (Math.abs(dx) < 8 || Math.abs(dx) < Math.abs(dy)) return;
      pan.active = true;
      try { stage.setPointerCapture(event.pointerId); } catch (_) { /* synthetic pointers */ }
      send({ type: "beginPan" });
    }
    pan.samples.push([event.timeStamp, event.clientX]);
    if (pan.samples.length > 6) pan.samples.shift();
    send({ type: "pan", translation: dx });
  });
  function endPointer(event) {
    const pan = state.pan;
    if (!pan || pan.id !== event.pointerId) return;
    state.pan = null;
    if (!pan.active) return;
    state.suppressClick = true;
    setTimeout(() => { state.suppressClick = false; }, 0);
    const first = pan.samples[0], last = pan.samples[pan.samples.length - 1];
    const dt = (last[0] - first[0]) / 1000;
    const velocity = dt > 0 ? (last[1] - first[1]) / dt : 0;
    send({ type: "pan", translation: event.clientX - pan.x0 });
    send({ type: "endPan", velocity: Math.max(-1e6, Math.min(1e6, velocity)) });
  }
  stage.addEventListener("pointerup", endPointer);
  stage.addEventListener("pointercancel", endPointer);

  // A horizontal wheel or trackpad swipe shows the next or previous level.
  let wheelX = 0, wheelTimer = null;
  stage.addEventListener("wheel", (event) => {
    if (Math.abs(event.deltaX) <= Math.abs(event.deltaY)) return;
    event.preventDefault();
    wheelX += event.deltaX;
    if (Math.abs(wheelX) > 80 && !wheelTimer) {
      send({ type: "swipe", direction: wheelX > 0 ? "left" : "right" });
      wheelTimer = setTimeout(() => { wheelTimer = null; wheelX = 0; }, 400);
    }
  }, { passive: false });

  let resizeFrame = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(() => send({ type: "resize", ...viewport() }));
  });

  // MARK: Search

  $("search-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const query = $("search").value.trim();
    if (!query) return;
    state.search = { query, offset: 0 };
    $("result-list").replaceChildren();
    loadResults();
  });

  async function loadResults() {
    const search = state.search;
    if (!search || !state.session) return;
    const results = $("results");
    results.hidden = false;
    $("results-title").textContent = "Searching “" + search.query + "”…";
    try {
      const page = await request("GET", "api/sessions/" + encodeURIComponent(state.session) + "/search?q=" +
        encodeURIComponent(search.query) + "&offset=" + search.offset);
      if (state.search !== search) return;
      const list = $("result-list");
      for (const result of page.results) {
        const li = document.createElement("li");
        li.tabIndex = 0;
        li.dataset.id = result.id;
        const title = document.createElement("div");
        title.className = "title";
        title.textContent = result.title;
        li.appendChild(title);
        const sub = [result.subtitle, result.footnote].filter(Boolean).join(" · ");
        if (sub) { const div = document.createElement("div"); div.className = "sub"; div.textContent = sub; li.appendChild(div); }
        list.appendChild(li);
      }
      search.offset += page.results.length;
      $("results-title").textContent = search.offset === 0 ? "No results for “" + search.query + "”" : search.offset + (page.hasMore ? "+" : "") + " results";
      $("more").hidden = !page.hasMore;
    } catch (error) {
      $("results-title").textContent = error.message;
    }
  }

  $("more").addEventListener("click", () => loadResults());
  $("close-results").addEventListener("click", () => { $("results").hidden = true; stage.focus(); });
  function reveal(li) {
    $("results").hidden = true;
    send({ type: "reveal", id: li.dataset.id });
    stage.focus();
  }
  $("result-list").addEventListener("click", (event) => { const li = event.target.closest("li"); if (li) reveal(li); });
  $("result-list").addEventListener("keydown", (event) => {
    const li = event.target.closest("li");
    if (li && event.key === "Enter") reveal(li);
  });

  window.addEventListener("pagehide", () => {
    if (state.session) fetch("api/sessions/" + encodeURIComponent(state.session), { method: "DELETE", keepalive: true }).catch(() => {});
  });

  start();
  stage.focus();
})();
