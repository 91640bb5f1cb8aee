// The list floorplan and linear hierarchy page: creates the tab's session, draws each snapshot
// with the renderer of its kind (list.js, linear.js), sends the user's actions and waits for the
// next change with a long poll, its requests through HierarchyTransport.request (transport.js).
// Every URL is relative, so the page works under any prefix.
//
//   HierarchyScreen.register(kind, { render(snapshot, main) })
//   HierarchyScreen.act({ type, ... })   sends an action; the answer is drawn
//   HierarchyScreen.element(tag, attributes, text)   a new element with those attributes and text
"use strict";
window.HierarchyScreen = (() => {
  const renderers = {};
  const state = { session: null, version: -1, closed: false, kind: null };
  const main = () => document.getElementById("screen");
  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  const request = window.HierarchyTransport.request;

  function setStatus(text, isError) {
    const status = document.getElementById("status");
    status.textContent = text || "";
    status.classList.toggle("error", !!isError);
  }

  function show(snapshot) {
    if (!snapshot || snapshot.session !== state.session) return;
    if (snapshot.version < state.version) return;
    state.version = snapshot.version;
    document.title = snapshot.title;
    document.getElementById("title").textContent = snapshot.title;
    if (snapshot.message) setStatus(snapshot.message, false);
    const renderer = renderers[snapshot.kind];
    if (renderer) renderer.render(snapshot, main());
  }

  async function create() {
    const snapshot = await request("POST", "api/screens", {});
    state.session = snapshot.session;
    state.version = -1;
    show(snapshot);
  }

  // Actions go one at a time, in order (requests in flight together may reach the server in any
  // order); a search waiting to be sent is replaced by a newer one.
  const queue = [];
  let sending = false;

  function act(action) {
    if (action.type === "search") {
      const waiting = queue.findIndex((queued) => queued.type === "search");
      if (waiting >= 0) queue.splice(waiting, 1);
    }
    queue.push(action);
    if (!sending) drain();
  }

  async function drain() {
    sending = true;
    while (queue.length > 0) await send(queue.shift());
    sending = false;
  }

  async function send(action) {
    if (!state.session) return;
    try {
      show(await request("POST", "api/screens/" + encodeURIComponent(state.session) + "/actions", action));
    } catch (error) {
      setStatus(error.message, true);
      if (error.status === 404) await create().catch((e) => setStatus(e.message, true));
    }
  }

  async function poll() {
    let failures = 0;
    while (!state.closed) {
      try {
        if (!state.session) await create();
        const path = "api/screens/" + encodeURIComponent(state.session) + "?after=" + state.version;
        show(await request("GET", path));
        failures = 0;
      } catch (error) {
        failures += 1;
        setStatus(error.message, true);
        if (error.status === 404) state.session = null;
        await delay(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
  }

  window.addEventListener("pagehide", () => {
    state.closed = true;
    if (state.session) {
      fetch("api/screens/" + encodeURIComponent(state.session), { method: "DELETE", keepalive: true, credentials: "same-origin" }).catch(() => {});
    }
  });

  function start() {
    create().catch((error) => setStatus(error.message, true)).then(poll);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else setTimeout(start, 0);

  return {
    register: (kind, renderer) => { renderers[kind] = renderer; },
    act,
    setStatus,
    element,
    get session() { return state.session; },
    get version() { return state.version; },
  };
})();
