// How the page talks to `hierarchy serve`: creates the session, receives its snapshots
// pushed as server-sent events, and brings the session back after a dropped connection.
//
//   HierarchyTransport.request(method, path, body)   one JSON request to the API (paths are
//                          relative to the page); rejects with the server's error message
//   const transport = HierarchyTransport.open({ request, body, onSnapshot, onError });
//   transport.session      the current session id (changes when a dropped session is recreated)
//   transport.lost()       an answer said the session is unknown: recreate it where it was
//   transport.close()      stop listening (the page goes away)
//
// A dropped stream is reopened by EventSource itself while the session lives; when the
// server no longer knows the session (it was idle too long, or the server restarted), a new
// session is created with the focused item kept from the last snapshot, so the same
// columns and focus come back. The focused item also survives a reload (sessionStorage).
"use strict";
window.HierarchyTransport = (() => {
  const storageKey = "hierarchy.focus";
  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function request(method, path, body) {
    const response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 204) return null;
    let answer = null;
    try { answer = await response.json(); } catch (_) { answer = null; }
    if (!response.ok) {
      const error = new Error((answer && answer.error) || ("the server answered " + response.status));
      error.status = response.status;
      throw error;
    }
    return answer;
  }

  function open(options) {
    const t = { session: null, focus: null, source: null, closed: false, retries: 0, recovering: false };
    try { t.focus = sessionStorage.getItem(storageKey); } catch (_) { t.focus = null; }

    function remember(snapshot) {
      if (!snapshot || !snapshot.focused || snapshot.focused === t.focus) return;
      t.focus = snapshot.focused;
      try { sessionStorage.setItem(storageKey, t.focus); } catch (_) { /* storage off: memory only */ }
    }

    function deliver(snapshot) {
      remember(snapshot);
      options.onSnapshot(snapshot);
    }

    async function create() {
      const body = options.body();
      if (t.focus) body.restore = { focus: t.focus };
      const snapshot = await options.request("POST", "api/sessions", body);
      t.session = snapshot.session;
      t.retries = 0;
      deliver(snapshot);
      listen();
    }

    function listen() {
      if (t.source) t.source.close();
      if (t.closed || !t.session) return;
      const source = new EventSource("api/sessions/" + encodeURIComponent(t.session) + "/events");
      t.source = source;
      source.addEventListener("snapshot", (event) => {
        let snapshot;
        try { snapshot = JSON.parse(event.data); } catch (_) { return; }
        t.retries = 0;
        if (snapshot.session === t.session) deliver(snapshot);
      });
      source.addEventListener("error", () => {
        // CONNECTING: the browser retries by itself. CLOSED: the server refused the stream
        // (an unknown session answers 404), so find out why and recover.
        if (source.readyState === EventSource.CLOSED && t.source === source) recover();
      });
    }

    async function recover() {
      if (t.closed || t.recovering) return;
      t.recovering = true;
      try {
        while (!t.closed) {
          t.retries += 1;
          await delay(Math.min(5000, 100 * 2 ** Math.min(t.retries, 6)));
          try {
            if (!t.session) throw Object.assign(new Error("no session yet"), { status: 404 });
            await options.request("GET", "api/sessions/" + encodeURIComponent(t.session));
            listen();
            return;
          } catch (error) {
            if (error.status === 404) {
              try { await create(); return; } catch (createError) { options.onError(createError); }
            }
          }
        }
      } finally {
        t.recovering = false;
      }
    }

    create().catch((error) => { options.onError(error); if (error.status === 503) recover(); });

    return {
      get session() { return t.session; },
      lost: () => { if (t.source) t.source.close(); t.source = null; recover(); },
      close: () => { t.closed = true; if (t.source) t.source.close(); },
    };
  }

  return { open, request };
})();
