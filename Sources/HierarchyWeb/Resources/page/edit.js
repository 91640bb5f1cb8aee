// The add and delete buttons of `hierarchy serve --allow-edits` on an editable store (SQLite
// or PostgreSQL). They act on the focused item; the change comes back to this page (and to
// every other session showing the parent) through the store's live updates, so nothing
// is drawn here. Loaded after app.js, whose state is `window.hierarchy`. A read-only server
// (the default) never says editable, so the buttons are never made.
"use strict";
(() => {
  const bar = document.getElementById("bar");
  const state = window.hierarchy;
  if (!bar || !state) return;

  function button(id, label, title) {
    const element = document.createElement("button");
    element.type = "button";
    element.id = id;
    element.textContent = label;
    element.title = title;
    bar.insertBefore(element, document.getElementById("search-form"));
    return element;
  }
  let add = null;
  let remove = null;
  // Made and shown only for a store that can be edited (a document, a folder or a table of
  // the user's own cannot) on a server that allows edits, as each snapshot says.
  function showButtons(snapshot) {
    const editable = !!(snapshot && snapshot.editable);
    if (editable && !add) makeButtons();
    if (!add) return;
    add.hidden = !editable;
    remove.hidden = !editable;
  }
  showButtons(state.snapshot);
  document.addEventListener("hierarchy:snapshot", (event) => showButtons(event.detail));

  function focused() {
    const uuid = state.snapshot && state.snapshot.focused;
    if (!uuid) return null;
    const card = document.querySelector('[data-focused="1"]');
    return { uuid, title: card ? card.textContent.trim().split("\n")[0] : uuid };
  }

  function say(text, isError) {
    const status = document.getElementById("status");
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("error", !!isError);
  }

  async function act(action, done) {
    if (!state.session) return;
    try {
      const response = await fetch("api/sessions/" + encodeURIComponent(state.session) + "/actions", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(action),
      });
      if (response.ok) { say(done, false); return; }
      let message = response.statusText;
      try { message = (await response.json()).error || message; } catch (_) { /* not JSON */ }
      if (response.status === 403 || response.status === 405) { add.hidden = true; remove.hidden = true; }
      say(message, true);
    } catch (error) {
      say("The server cannot be reached: " + error.message, true);
    }
  }

  function makeButtons() {
    add = button("add", "Add", "Add an item under the focused one");
    remove = button("delete", "Delete", "Delete the focused item and everything under it");
    add.addEventListener("click", () => {
      const item = focused();
      if (!item) { say("Focus an item first: the new one goes under it.", true); return; }
      const title = window.prompt("Title of the new item under “" + item.title + "”:");
      if (title && title.trim()) act({ type: "add", parent: item.uuid, title: title.trim() }, "Added “" + title.trim() + "”.");
    });
    remove.addEventListener("click", () => {
      const item = focused();
      if (!item) { say("Focus the item to delete first.", true); return; }
      if (window.confirm("Delete “" + item.title + "” and everything under it?")) {
        act({ type: "delete", id: item.uuid }, "Deleted “" + item.title + "”.");
      }
    });
  }
})();
