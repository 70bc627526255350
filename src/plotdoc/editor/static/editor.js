// plotdoc editor: the few things the page does in the browser itself.
// Files are sent to the server as bytes; every change is made by the server (never JSON here).
(function () {
  "use strict";
  const MAX_BYTES = 50 * 1024 * 1024;
  // the most a paste sent in the page's connection may hold (its messages hold 1 MB)
  const SOCKET_PASTE_BYTES = 256 * 1024;
  window.plotdocDirty = false;
  // the page's language, for screen readers and hyphenation
  document.documentElement.lang = "en";
  // Quasar's loading bar is a progress bar without a name: it says what it shows
  new MutationObserver(() => {
    for (const bar of document.querySelectorAll(".q-loading-bar:not([aria-label])")) bar.setAttribute("aria-label", "Loading");
  }).observe(document.documentElement, { childList: true, subtree: true });

  // a message shown by the page itself (when the server refused a request, the connection
  // may be refused too, so it cannot be asked to show it)
  function showMessage(text, kind) {
    let box = document.getElementById("plotdoc-message");
    if (!box) {
      box = document.createElement("div");
      box.id = "plotdoc-message";
      box.setAttribute("data-testid", "page-message");
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    box.className = kind || "";
    box.textContent = "";
    const span = document.createElement("span");
    span.textContent = text;
    box.appendChild(span);
    if (kind !== "progress") {
      const close = document.createElement("button");
      close.textContent = "×";
      close.title = "Dismiss";
      close.onclick = () => box.remove();
      box.appendChild(close);
    }
    return box;
  }
  function hideMessage() {
    const box = document.getElementById("plotdoc-message");
    if (box) box.remove();
  }
  window.plotdocShowMessage = showMessage;

  // what the server said when it refused a request (403: no token for this editor, ...)
  function refusal(status, body) {
    let said = "";
    try {
      said = JSON.parse(body).error || "";
    } catch (err) {
      said = (body || "").trim();
    }
    said = said.replace(/^plotdoc editor: /, "");
    if (said) return "The editor refused the request: " + said;
    return "The editor refused the request (HTTP " + status + ").";
  }

  // a request of the page: the JSON answer, or {error} with a message when it was refused
  async function request(url, options) {
    let response;
    try {
      response = await fetch(url, Object.assign({ credentials: "same-origin" }, options || {}));
    } catch (err) {
      return { error: "the editor could not be reached (" + err.message + ")" };
    }
    const body = await response.text();
    if (!response.ok) return { error: refusal(response.status, body), status: response.status };
    try {
      return JSON.parse(body);
    } catch (err) {
      return { error: "the editor sent an answer the page cannot read" };
    }
  }
  window.plotdocRequest = request;

  // an upload with its progress shown; resolves to the JSON answer or {error}
  function upload(name, body, label) {
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open("POST", "/_plotdoc/upload?name=" + encodeURIComponent(name));
      xhr.withCredentials = true;
      const size = body.size || body.length || 0;
      const mb = (size / 1048576).toFixed(1);
      const large = size > SOCKET_PASTE_BYTES;
      if (large) showMessage(label + " (" + mb + " MB)…", "progress");
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable && large) {
          showMessage(label + " (" + mb + " MB)… " + Math.round((100 * e.loaded) / e.total) + " %", "progress");
        }
      };
      xhr.onload = () => {
        hideMessage();
        if (xhr.status < 200 || xhr.status >= 300) {
          resolve({ error: refusal(xhr.status, xhr.responseText), status: xhr.status });
          return;
        }
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch (err) {
          resolve({ error: "the editor sent an answer the page cannot read" });
        }
      };
      xhr.onerror = () => {
        hideMessage();
        resolve({ error: "the editor could not be reached" });
      };
      xhr.send(body);
    });
  }

  async function sendFile(file) {
    if (file.size > MAX_BYTES) {
      emitEvent("plotdoc_open_refused", { name: file.name, size: file.size });
      return;
    }
    window.plotdocBusy = true;
    emitEvent("plotdoc_open_started", { name: file.name });
    const reply = await upload(file.name, file, "Sending " + file.name);
    if (reply.error) showMessage("Could not open " + file.name + ": " + reply.error, "error");
    emitEvent("plotdoc_open", { id: reply.id || null, name: file.name, error: reply.error || null, status: reply.status || null });
  }
  window.plotdocSendFile = sendFile;

  window.plotdocPickFile = function () {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = ".plotdoc,.json,.pzfx,.csv,.tsv,.txt";
    input.onchange = () => input.files.length && sendFile(input.files[0]);
    input.click();
  };

  // a file dropped anywhere on the window
  let depth = 0;
  const overlay = () => document.getElementById("plotdoc-drop-overlay");
  window.addEventListener("dragenter", (e) => {
    if (!e.dataTransfer || !Array.from(e.dataTransfer.types || []).includes("Files")) return;
    e.preventDefault();
    depth += 1;
    overlay() && overlay().classList.add("visible");
  });
  window.addEventListener("dragover", (e) => {
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = "copy";
  });
  window.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0 && overlay()) overlay().classList.remove("visible");
  });
  window.addEventListener("drop", (e) => {
    e.preventDefault();
    depth = 0;
    overlay() && overlay().classList.remove("visible");
    const files = e.dataTransfer && e.dataTransfer.files;
    if (files && files.length) sendFile(files[0]);
  });

  window.addEventListener("beforeunload", (e) => {
    if (window.plotdocDirty) {
      e.preventDefault();
      e.returnValue = "";
    }
  });

  // the sheet: rows fetched a window at a time from the server
  // Each row carries the table and the sheet layout it was read with (_t, _v): an edit names
  // them, and the server refuses an edit made on rows that have moved since.
  window.plotdocDatasource = function (tableId, version) {
    return {
      getRows: async (p) => {
        const url = `/_plotdoc/rows?table=${encodeURIComponent(tableId)}&start=${p.startRow}&end=${p.endRow}&v=${version}`;
        const d = await request(url);
        if (d.error) {
          showMessage("The sheet could not be read: " + d.error, "error");
          p.failCallback();
          return;
        }
        for (const row of d.rows) {
          row._t = tableId;
          row._v = d.layout;
        }
        p.successCallback(d.rows, d.lastRow);
      },
    };
  };

  // the table and layout of the rows shown at a row index
  function stamp(rowIndex) {
    const api = gridApi();
    const node = api && api.getDisplayedRowAtIndex(rowIndex);
    const data = (node && node.data) || {};
    return { _t: data._t, _v: data._v };
  }

  // The rows a cell's typing began on: the edit names them, not the rows shown when it ends
  // (the sheet may be read again meanwhile, after an analysis or a graph was redone; when rows
  // moved in between, the server refuses the edit rather than put it in another row).
  let begun = null;
  let watched = null;
  setInterval(() => {
    const api = gridApi();
    if (!api || api === watched) return;
    watched = api;
    begun = null;
    api.addEventListener("cellEditingStarted", (e) => {
      const data = e.data || {};
      // the value shown when the typing began: the server tells when it replaces another
      begun = { row: e.rowIndex, col: e.column.getColId(), _t: data._t, _v: data._v, seen: e.value };
    });
  }, 200);
  window.plotdocEditedCell = function (e) {
    const data = e.data || {};
    const b = begun && begun.row === e.rowIndex && begun.col === e.colId ? begun : data;
    // the names shown, for the offer (text only)
    const api = gridApi();
    const column = api && api.getColumn ? api.getColumn(e.colId) : null;
    const group = column && column.getParent && column.getParent();
    const header = [group && group.getColGroupDef && group.getColGroupDef() ? group.getColGroupDef().headerName : "", column ? column.getColDef().headerName : e.colId];
    const shown = {
      table: (document.querySelector("[data-testid=table-name]") || {}).textContent || b._t,
      column: header.filter((x) => x).join(" "),
    };
    const seq = unsent.add({ t: b._t, row: e.rowIndex, col: e.colId, value: e.newValue, shown: shown });
    const seen = b === begun ? begun.seen : e.oldValue;
    return Object.assign({}, e, { data: null, _t: b._t, _v: b._v, seq: seq, seen: seen === undefined ? null : seen });
  };

  // Typed values this page sent that no recovery copy (or save) holds yet, kept in the
  // browser's storage under this page's key until the server says the copy holds them
  // (see plotdoc/editor/unsent.py). A page of an editor started again offers them back.
  const unsent = (function () {
    const prefix = "plotdoc-unsent:" + location.port + ":";
    const key = prefix + Math.random().toString(36).slice(2);
    let seq = 0;
    let entries = [];
    const mark = () => document.querySelector("[data-testid=recovery-state]");
    function save() {
      const m = mark();
      try {
        if (entries.length && m) localStorage.setItem(key, JSON.stringify({ editor: m.dataset.editor, file: m.dataset.file, entries: entries }));
        else localStorage.removeItem(key);
      } catch (err) {
        // storage full or refused: the page still holds them while it is open
      }
    }
    function prune() {
      const m = mark();
      const kept = m ? Number(m.dataset.keptSeq || 0) : 0;
      const before = entries.length;
      entries = entries.filter((x) => x.seq > kept);
      if (entries.length !== before) save();
    }
    setInterval(prune, 250);
    // a page closed while its server answers: the server has every value it sent
    window.addEventListener("pagehide", () => {
      if (window.socket && window.socket.connected) localStorage.removeItem(key);
    });
    return {
      add(entry) {
        seq += 1;
        entries.push(Object.assign({ seq: seq }, entry));
        save();
        return seq;
      },
      count() {
        prune();
        return entries.length;
      },
      // what pages of editors no longer running left: [storage key, entries]
      left() {
        const m = mark();
        const found = [];
        for (let i = 0; i < localStorage.length; i++) {
          const k = localStorage.key(i);
          if (!k || !k.startsWith(prefix) || k === key) continue;
          try {
            const stored = JSON.parse(localStorage.getItem(k));
            // of an editor no longer running, on the same file (or untitled project)
            if (m && stored.editor !== m.dataset.editor && stored.file === m.dataset.file && stored.entries.length) {
              found.push([k, stored.entries]);
            }
          } catch (err) {
            localStorage.removeItem(k);
          }
        }
        return found;
      },
    };
  })();

  // a dialog of the page's own: the values typed in an editor that stopped before its
  // recovery copy held them, offered back (their text is shown as text, never as markup)
  window.plotdocOfferUnsent = function () {
    const left = unsent.left();
    if (!left.length || document.getElementById("plotdoc-unsent")) return;
    const entries = [].concat(...left.map((x) => x[1]));
    const forget = () => {
      for (const [k] of left) localStorage.removeItem(k);
      box.remove();
    };
    const box = document.createElement("div");
    box.id = "plotdoc-unsent";
    box.setAttribute("data-testid", "unsent-question");
    box.setAttribute("role", "dialog");
    const panel = document.createElement("div");
    const head = document.createElement("b");
    const n = entries.length;
    head.textContent = n + (n === 1 ? " typed value was" : " typed values were") + " not in the recovery copy";
    const says = document.createElement("p");
    says.textContent =
      "The editor stopped before its recovery copy held what was typed last in this browser. " +
      "Re-apply puts each value back into its cell of the project shown now, in the order typed.";
    const list = document.createElement("ul");
    for (const x of entries.slice(0, 20)) {
      const item = document.createElement("li");
      const shown = x.shown || { table: x.t, column: x.col };
      item.textContent = shown.table + ", row " + (x.row + 1) + ", " + shown.column + ": " + (x.value === null || x.value === undefined ? "(cleared)" : String(x.value));
      list.appendChild(item);
    }
    if (n > 20) {
      const item = document.createElement("li");
      item.textContent = "… and " + (n - 20) + " more";
      list.appendChild(item);
    }
    const discard = document.createElement("button");
    discard.textContent = "Discard them";
    discard.setAttribute("data-testid", "unsent-discard");
    discard.onclick = forget;
    const apply = document.createElement("button");
    apply.textContent = "Re-apply";
    apply.setAttribute("data-testid", "unsent-reapply");
    apply.onclick = () => {
      emitEvent("plotdoc_reapply", { entries: entries.map((x) => ({ t: x.t, row: x.row, col: x.col, value: x.value })) });
      forget();
    };
    panel.append(head, says, list, discard, apply);
    box.appendChild(panel);
    document.body.appendChild(box);
  };
  window.plotdocUnsentCount = () => unsent.count();

  function gridApi() {
    const el = document.querySelector(".plotdoc-sheet");
    if (!el) return null;
    const vue = getElement(el.id.replace(/^c/, ""));
    return vue && vue.api;
  }
  window.plotdocGridApi = gridApi;

  // Cells another tab changed, marked until this tab types in them: the server keeps them as
  // JSON in a hidden element's data-cells (plotdoc/editor/conflicts.py); read when it changes.
  let marks = new Map();
  function markKey(t, v, row, col) {
    return [t, v, row, col].join("\u0000");
  }
  function readMarks(el) {
    let cells = [];
    try {
      cells = JSON.parse(el.getAttribute("data-cells") || "[]");
    } catch (err) {
      cells = [];
    }
    marks = new Map(cells.map((c) => [markKey(c.t, c.v, c.row, c.col), String(c.text)]));
    const api = gridApi();
    if (api) api.refreshCells({ force: true });
  }
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target instanceof Element && r.target.getAttribute("data-testid") === "cell-marks") readMarks(r.target);
    }
  }).observe(document.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-cells"] });
  function markOf(p) {
    const data = p && p.data;
    if (!data || !p.node || !p.colDef) return undefined;
    return marks.get(markKey(data._t, data._v, p.node.rowIndex, p.colDef.colId));
  }
  // Double-clicking a data set's header renames it in place: Enter (or leaving the field)
  // sends the name, Esc cancels. The header's class names the data set's index
  // (plotdoc/editor/sheet.py renamable); the name is read and sent as text only.
  document.addEventListener("dblclick", (e) => {
    const head = e.target.closest && e.target.closest(".plotdoc-sheet .plotdoc-ds");
    if (!head) return;
    const which = [...head.classList].map((c) => /^plotdoc-ds-(\d+)$/.exec(c)).find((m) => m);
    if (!which) return;
    e.preventDefault();
    e.stopPropagation();
    const label = head.querySelector(".ag-header-cell-text, .ag-header-group-text");
    const old = label ? label.textContent : "";
    const row = stamp(0);
    const input = document.createElement("input");
    input.className = "plotdoc-header-edit";
    input.setAttribute("data-testid", "header-edit");
    input.setAttribute("aria-label", "Data set name");
    input.value = old;
    head.appendChild(input);
    input.focus();
    input.select();
    let done = false;
    const finish = (keep) => {
      if (done) return;
      done = true;
      if (keep && input.value !== old) emitEvent("plotdoc_rename_data_set", { dataSet: Number(which[1]), name: input.value, _t: row._t });
      input.remove();
    };
    input.addEventListener("keydown", (ev) => {
      ev.stopPropagation();
      if (ev.key === "Enter") finish(true);
      if (ev.key === "Escape") finish(false);
    });
    input.addEventListener("blur", () => finish(true));
  }, true);

  window.plotdocMarkClass = (p) => (markOf(p) === undefined ? "" : "plotdoc-changed-elsewhere");
  window.plotdocMarkText = (p) => markOf(p);

  // AG Grid hands a finished cell edit to its listeners on a timer (its events are
  // asynchronous), so a shortcut pressed right after Enter could reach the server before the
  // edit: Ctrl+Z would undo the step before it and Ctrl+S save without it. Shortcuts are sent on
  // a timer too, queued behind any edit the grid has still to deliver.
  function emitShortcut(action) {
    window.setTimeout(() => emitEvent("plotdoc_shortcut", { action: action }), 0);
  }

  // A cell still being typed is committed before a save or any toolbar action: the grid stops
  // editing, and the action is sent once the grid has handed the edit to its listeners (which
  // send it to the server first; the server handles a tab's events in the order they come).
  function commitTyping() {
    const api = gridApi();
    if (!api || !api.getEditingCells || !api.getEditingCells().length) return Promise.resolve(false);
    return new Promise((resolve) => {
      let done = false;
      const finish = (changed) => {
        if (done) return;
        done = true;
        api.removeEventListener("cellValueChanged", changed_);
        window.setTimeout(() => resolve(changed), 0);
      };
      const changed_ = () => finish(true);
      api.addEventListener("cellValueChanged", changed_);
      api.stopEditing(false);
      window.setTimeout(() => finish(false), 250); // the value was not changed: no event
    });
  }
  window.plotdocCommitTyping = commitTyping;
  window.plotdocShortcut = function (action) {
    commitTyping().then(() => emitShortcut(action));
  };
  // A press on anything outside the sheet (toolbar, menus, panels) ends the cell's typing
  // first, and its click is held back until the typed value is on its way: a toolbar action
  // that moves rows must reach the server after the edit, never before it.
  let committing = null;
  let replaying = false;
  document.addEventListener(
    "pointerdown",
    (e) => {
      if (e.target.closest && e.target.closest(".plotdoc-sheet")) return;
      const api = gridApi();
      if (!api || !api.getEditingCells || !api.getEditingCells().length) return;
      const pending = commitTyping();
      committing = pending;
      // a press that is not followed by a click (a drag) holds nothing back later on
      pending.then(() => setTimeout(() => committing === pending && (committing = null), 1000));
    },
    true
  );
  document.addEventListener(
    "click",
    (e) => {
      if (!committing || replaying) return;
      if (e.target.closest && e.target.closest(".plotdoc-sheet")) return;
      // the control pressed (what was clicked inside it, a ripple, may be gone by then)
      const pressed = e.target.closest ? e.target.closest("button, a, [role=button], .q-item") : null;
      const x = e.clientX;
      const y = e.clientY;
      const wait = committing;
      committing = null;
      e.preventDefault();
      e.stopImmediatePropagation();
      wait.then(() => {
        const el = pressed && pressed.isConnected ? pressed : document.elementFromPoint(x, y);
        if (!el) return;
        replaying = true;
        try {
          el.click();
        } finally {
          replaying = false;
        }
      });
    },
    true
  );

  function editing(target) {
    return target && (target.closest(".ag-cell-inline-editing") || target.closest(".ag-popup-editor"));
  }
  function inTextField(target) {
    if (!target) return false;
    const tag = (target.tagName || "").toLowerCase();
    return tag === "input" || tag === "textarea" || target.isContentEditable;
  }

  // A paste travels in the page's connection when it is small; one larger than the
  // connection's messages may be (1 MB) is uploaded first, with its progress shown.
  async function pasteText(row, col, text) {
    const where = Object.assign({ row: row, col: col }, stamp(row));
    const blob = new Blob([text], { type: "text/plain;charset=utf-8" });
    if (blob.size <= SOCKET_PASTE_BYTES) {
      emitEvent("plotdoc_paste", Object.assign(where, { text: text }));
      return;
    }
    if (blob.size > MAX_BYTES) {
      const mb = (blob.size / 1048576).toFixed(1);
      showMessage("The paste was not applied: it holds " + mb + " MB of text; the editor takes at most 50 MB. Open the data as a file instead.", "error");
      return;
    }
    const reply = await upload("paste.txt", blob, "Sending the paste");
    if (reply.error) showMessage("The paste was not applied: " + reply.error, "error");
    emitEvent("plotdoc_paste", Object.assign(where, { id: reply.id || null, error: reply.error || null }));
  }
  window.plotdocPasteText = pasteText;

  document.addEventListener(
    "paste",
    (e) => {
      if (!e.target.closest || !e.target.closest(".plotdoc-sheet") || editing(e.target)) return;
      const api = gridApi();
      const cell = api && api.getFocusedCell();
      if (!cell) return;
      e.preventDefault();
      const text = (e.clipboardData || window.clipboardData).getData("text/plain");
      pasteText(cell.rowIndex, cell.column.getColId(), text);
    },
    true
  );

  document.addEventListener(
    "keydown",
    (e) => {
      const mod = e.ctrlKey || e.metaKey;
      const key = (e.key || "").toLowerCase();
      if (mod && key === "s") {
        e.preventDefault();
        window.plotdocShortcut(e.shiftKey ? "save-as" : "save");
        return;
      }
      if (mod && key === "o") {
        e.preventDefault();
        window.plotdocPickFile();
        return;
      }
      if (inTextField(e.target) || editing(e.target)) return;
      if (mod && (key === "y" || (key === "z" && e.shiftKey))) {
        e.preventDefault();
        emitShortcut("redo");
      } else if (mod && key === "z") {
        e.preventDefault();
        emitShortcut("undo");
      } else if (mod && (key === "-" || key === "+" || key === "=") && e.target.closest && e.target.closest(".plotdoc-sheet")) {
        e.preventDefault();
        window.plotdocRowAction(key === "-" ? "delete" : e.shiftKey || key === "+" ? "insert-above" : "insert-below");
      } else if ((key === "delete" || key === "backspace") && e.target.closest && e.target.closest(".plotdoc-sheet")) {
        const api = gridApi();
        const cell = api && api.getFocusedCell();
        if (!cell) return;
        e.preventDefault();
        e.stopPropagation();
        const where = Object.assign({ row: cell.rowIndex, col: cell.column.getColId() }, window.plotdocBlockOf ? window.plotdocBlockOf(cell) : {});
        emitEvent("plotdoc_clear", Object.assign(where, stamp(where.row)));
      }
    },
    true
  );

  // row operations: the selected rows, or the row of the focused cell
  function targetRows() {
    const api = gridApi();
    if (!api) return [];
    const rows = api.getSelectedNodes().map((n) => n.rowIndex).filter((i) => i !== null && i !== undefined);
    if (rows.length) return rows;
    const cell = api.getFocusedCell();
    return cell ? [cell.rowIndex] : [];
  }
  // a right click on a row that is not selected selects it (as spreadsheets do)
  document.addEventListener(
    "contextmenu",
    (e) => {
      const rowEl = e.target.closest && e.target.closest(".plotdoc-sheet .ag-row");
      const api = gridApi();
      if (!rowEl || !api) return;
      const index = Number(rowEl.getAttribute("row-index"));
      const node = api.getDisplayedRowAtIndex(index);
      if (node && !node.isSelected()) node.setSelected(true, true);
    },
    true
  );
  window.plotdocRowAction = function (action) {
    const rows = targetRows();
    if (rows.length) emitEvent("plotdoc_rows", Object.assign({ action: action, rows: rows }, stamp(rows[0])));
  };

  // the graph's place: its size is sent to the server, which draws the graph to fill it
  let observed = null;
  let sizeTimer = null;
  function watchGraph() {
    const el = document.querySelector(".plotdoc-graph-image");
    if (!el || el === observed) return;
    observed = el;
    new ResizeObserver(() => {
      // the place's own size: a zoomed graph's scroll bars take none of it
      const r = el.getBoundingClientRect();
      const box = { width: r.width - 2, height: r.height - 2 };
      clearTimeout(sizeTimer);
      sizeTimer = setTimeout(() => {
        if (box.width > 0 && box.height > 0) emitEvent("plotdoc_graph_box", { width: box.width, height: box.height });
      }, 150);
    }).observe(el);
  }
  setInterval(watchGraph, 500);

  // back to this window: the server checks whether another program changed the file
  let lastFocus = 0;
  function focused() {
    if (document.visibilityState === "hidden" || Date.now() - lastFocus < 1000) return;
    lastFocus = Date.now();
    if (window.socket && window.socket.connected) emitEvent("plotdoc_focus", {});
  }
  window.addEventListener("focus", focused);
  document.addEventListener("visibilitychange", focused);

  // the server gone (stopped, or the connection lost): say so, and accept no typing that
  // would go nowhere until it is back
  function stopped() {
    if (document.getElementById("plotdoc-stopped")) return;
    const api = gridApi();
    if (api && api.stopEditing) api.stopEditing(true);
    const box = document.createElement("div");
    box.id = "plotdoc-stopped";
    box.setAttribute("data-testid", "server-stopped");
    // built as elements and text (the page sets no markup from strings)
    const panel = document.createElement("div");
    const head = document.createElement("b");
    head.textContent = "The editor's server is not answering";
    const says = document.createElement("span");
    says.setAttribute("data-testid", "server-stopped-kept");
    says.textContent =
      " (it was stopped, or the connection was lost). Nothing typed here now could be kept, " +
      "so the page takes no input. " + keptText() + " This page continues when the server is back.";
    panel.append(head, says);
    box.appendChild(panel);
    document.body.appendChild(box);
  }
  // what is kept, as the server last told this page (see plotdoc/editor/unsent.py)
  function keptText() {
    const m = document.querySelector("[data-testid=recovery-state]");
    const held = window.plotdocUnsentCount ? window.plotdocUnsentCount() : 0;
    const values = held + (held === 1 ? " typed value" : " typed values");
    const inTab =
      held > 0
        ? " " + values + " entered after that " + (held === 1 ? "is" : "are") + " held in this browser only " +
          "(start plotdoc edit again and open it in this browser: " + (held === 1 ? "it is" : "they are") +
          " offered back)."
        : "";
    if (!m || !m.dataset.kept) {
      return "No recovery copy was written yet: unsaved changes are not kept." + (held > 0 ? " " + values + " " + (held === 1 ? "is" : "are") + " held in this browser only." : "");
    }
    if (m.dataset.kept === "saved") {
      return "Everything up to " + m.dataset.keptAt + " was saved." + inTab + " Any other change after that time is not kept.";
    }
    return "Your edits up to " + m.dataset.keptAt + " are kept in the recovery copy (start plotdoc edit again to recover them)." + inTab + " Any other change after that time is not kept.";
  }

  function back() {
    const box = document.getElementById("plotdoc-stopped");
    if (box) box.remove();
  }
  const blockWhileStopped = (e) => {
    if (!document.getElementById("plotdoc-stopped")) return;
    e.preventDefault();
    e.stopPropagation();
  };
  for (const type of ["keydown", "keypress", "paste", "drop", "dblclick", "mousedown", "input"]) {
    window.addEventListener(type, blockWhileStopped, true);
  }
  const watchSocket = setInterval(() => {
    if (!window.socket) return;
    clearInterval(watchSocket);
    window.socket.on("disconnect", stopped);
    window.socket.on("connect", back);
  }, 200);

  window.plotdocSetDirty = function (dirty, title) {
    window.plotdocDirty = dirty;
    document.title = (dirty ? "● " : "") + title + " — plotdoc";
  };
})();

// the graph's hit regions: a transparent box over each thing drawn, named by its id
// (data-plotdoc-id); a click selects it, a drag moves an annotation or a title, a tool places
// an annotation. Boxes come from the server in the picture's pixels and are laid out in
// percent of the picture, so they follow it however it is scaled.
(function () {
  "use strict";
  let hits = null;
  let selected = null;
  let tool = null;
  let press = null;
  const box = () => document.querySelector(".plotdoc-graph-box");
  const layer = () => document.querySelector(".plotdoc-hits");

  function pictureRect() {
    const b = box();
    if (!b || !hits || !hits.width) return null;
    const W = b.clientWidth, H = b.clientHeight;
    // zoomed: the picture at its own size in a place that scrolls; otherwise scaled into it
    const zoomed = b.classList.contains("plotdoc-zoomed");
    const s = zoomed ? 1 : Math.min(1, W / hits.width, H / hits.height);
    const w = hits.width * s, h = hits.height * s;
    return { left: Math.max(0, (W - w) / 2), top: 0, width: w, height: h, scale: s };
  }

  function place() {
    const L = layer();
    const r = pictureRect();
    if (!L || !r) return;
    Object.assign(L.style, { left: r.left + "px", top: r.top + "px", width: r.width + "px", height: r.height + "px" });
    if (L.dataset.version === String(hits.version) && L.childElementCount) return;
    L.dataset.version = String(hits.version);
    // a title being typed stays, with its focus, while the regions of a new drawing replace
    // the old ones (a drawing may arrive as the user types: the box went, and the typing)
    for (const el of [...L.children]) if (!el.classList.contains("plotdoc-title-edit")) el.remove();
    const frag = document.createDocumentFragment();
    hits.regions.forEach((g, k) => {
      const d = document.createElement("div");
      d.className = "plotdoc-hit kind-" + g.kind;
      d.dataset.plotdocId = g.id;
      d.dataset.k = String(k);
      const [x0, y0, x1, y1] = g.box;
      Object.assign(d.style, {
        left: (100 * x0) / hits.width + "%",
        top: (100 * y0) / hits.height + "%",
        width: (100 * (x1 - x0)) / hits.width + "%",
        height: (100 * (y1 - y0)) / hits.height + "%",
      });
      frag.appendChild(d);
    });
    const label = document.createElement("div");
    label.className = "plotdoc-hover-label";
    label.dataset.testid = "hover-label";
    frag.appendChild(label);
    L.appendChild(frag);
    mark();
  }

  function region(el) {
    const d = el && el.closest && el.closest(".plotdoc-hit");
    return d && hits ? { el: d, g: hits.regions[Number(d.dataset.k)] } : null;
  }
  // a data set's line or band spans the plot: outlining it would hide the marks it joins
  function wide(g) {
    const [x0, y0, x1, y1] = g.box;
    return (x1 - x0) * (y1 - y0) > 0.08 * hits.width * hits.height;
  }
  function same(g, sel, point) {
    if (!sel || !g || g.kind !== sel.kind) return false;
    if (g.kind === "dataSet") {
      if (g.ds !== sel.ds || wide(g)) return false;
      if (point === null || point === undefined) return true;
      return new RegExp("/(p|row|r)" + point + "($|/|~)").test(g.id) || g.id.endsWith("/c" + g.ds) && g.id.includes("/r" + point + "/");
    }
    return g.key === sel.key;
  }
  function mark() {
    const L = layer();
    if (!L || !hits) return;
    for (const d of L.querySelectorAll(".plotdoc-hit")) {
      const g = hits.regions[Number(d.dataset.k)];
      d.classList.toggle("selected", !!selected && same(g, selected, selected.point));
    }
  }
  window.plotdocHits = function (data) {
    hits = data;
    window.plotdocHitsData = data;
    place();
  };
  window.plotdocSelected = function (sel) {
    selected = sel;
    mark();
  };
  window.plotdocTool = function (name) {
    tool = tool === name ? null : name;
    const L = layer();
    if (L) L.classList.toggle("placing", !!tool);
    for (const b of document.querySelectorAll("[data-tool]")) b.classList.toggle("plotdoc-tool-on", b.dataset.tool === tool);
  };

  function hover(e) {
    const L = layer();
    if (!L || !hits) return;
    const r = region(e.target);
    for (const d of L.querySelectorAll(".plotdoc-hit.hover")) d.classList.remove("hover");
    const label = L.querySelector(".plotdoc-hover-label");
    if (!r || tool) {
      if (label) label.style.display = "none";
      return;
    }
    const single = e.shiftKey && r.g.point;
    for (const d of L.querySelectorAll(".plotdoc-hit")) {
      const g = hits.regions[Number(d.dataset.k)];
      if (single ? d === r.el : same(g, r.g, null) || d === r.el) d.classList.add("hover");
    }
    if (label) {
      label.textContent = single ? r.g.point : r.g.point ? r.g.label + " (Shift-click: this point)" : r.g.label;
      const lr = L.getBoundingClientRect();
      Object.assign(label.style, { display: "block", top: e.clientY - lr.top + 12 + "px" });
      const x = e.clientX - lr.left;
      // kept inside the graph's box: to the cursor's left when the right side has no room
      label.style.left = (x + 12 + label.offsetWidth > lr.width ? Math.max(0, x - 12 - label.offsetWidth) : x + 12) + "px";
    }
  }

  function picturePoint(e) {
    const L = layer();
    const lr = L.getBoundingClientRect();
    const s = lr.width / hits.width;
    return [(e.clientX - lr.left) / s, (e.clientY - lr.top) / s, s];
  }

  function editTitle(r) {
    const L = layer();
    const input = document.createElement("input");
    input.className = "plotdoc-title-edit";
    input.dataset.testid = "title-edit";
    input.value = r.g.text || "";
    Object.assign(input.style, { left: r.el.style.left, top: r.el.style.top, minWidth: r.el.style.width });
    L.appendChild(input);
    input.focus();
    input.select();
    let done = false;
    const finish = (keep) => {
      if (done) return;
      done = true;
      if (keep && input.value !== (r.g.text || "")) emitEvent("plotdoc_title_text", { key: r.g.key, text: input.value });
      input.remove();
    };
    input.addEventListener("keydown", (ev) => {
      ev.stopPropagation();
      if (ev.key === "Enter") finish(true);
      if (ev.key === "Escape") finish(false);
    });
    input.addEventListener("blur", () => finish(true));
  }

  document.addEventListener("mousemove", (e) => {
    if (press) {
      const [x, y] = picturePoint(e);
      press.moved = press.moved || Math.abs(x - press.x) > 3 || Math.abs(y - press.y) > 3;
      if (press.tool && press.band) {
        const [x0, y0] = [Math.min(x, press.x), Math.min(y, press.y)];
        Object.assign(press.band.style, {
          left: (100 * x0) / hits.width + "%", top: (100 * y0) / hits.height + "%",
          width: (100 * Math.abs(x - press.x)) / hits.width + "%", height: (100 * Math.abs(y - press.y)) / hits.height + "%",
        });
      } else if (press.r && press.moved && press.drags) {
        press.r.el.style.transform = `translate(${(x - press.x) * press.s}px, ${(y - press.y) * press.s}px)`;
        press.r.el.classList.add("dragging");
      }
      return;
    }
    if (e.target.closest && e.target.closest(".plotdoc-hits")) hover(e);
  });

  document.addEventListener("mousedown", (e) => {
    const L = layer();
    if (!L || !hits || e.button !== 0 || !e.target.closest || !e.target.closest(".plotdoc-hits")) return;
    if (e.target.classList.contains("plotdoc-title-edit")) return;
    e.preventDefault();
    // (preventDefault also keeps the focus where it was: a cell of the sheet would take the
    // keys meant for the graph, its Delete clearing the cell instead of the selection)
    const active = document.activeElement;
    if (active && active !== document.body && typeof active.blur === "function") active.blur();
    const [x, y, s] = picturePoint(e);
    const r = region(e.target);
    press = { x, y, s, r, tool, moved: false, drags: !!r && (r.g.kind === "annotation" || r.g.kind === "title") };
    if (tool) {
      press.band = document.createElement("div");
      press.band.className = "plotdoc-band";
      L.appendChild(press.band);
    }
  });

  document.addEventListener("mouseup", (e) => {
    if (!press) return;
    const p = press;
    press = null;
    const [x, y] = picturePoint(e);
    if (p.band) p.band.remove();
    if (p.tool) {
      emitEvent("plotdoc_place", { tool: p.tool, box: [p.x, p.y, x, y] });
      window.plotdocTool(null);
      return;
    }
    if (p.r && p.moved && p.drags) {
      emitEvent("plotdoc_drag", { id: p.r.g.id, dx: x - p.x, dy: y - p.y });
      return;
    }
    if (p.moved) return;
    emitEvent("plotdoc_pick", { id: p.r ? p.r.g.id : null, shift: e.shiftKey });
    if (p.r && p.r.g.kind === "title" && !e.shiftKey) editTitle(p.r);
  });

  document.addEventListener("keydown", (e) => {
    const t = e.target;
    const tag = ((t && t.tagName) || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || (t && t.isContentEditable)) return;
    if (t && t.closest && t.closest(".plotdoc-sheet")) return;
    if (e.key === "Escape" && tool) window.plotdocTool(null);
    else if (e.key === "Escape" && selected) emitEvent("plotdoc_pick", { id: null });
    if ((e.key === "Delete" || e.key === "Backspace") && selected && selected.kind === "annotation") {
      e.preventDefault();
      emitEvent("plotdoc_delete_selection", {});
    }
  });

  window.addEventListener("resize", place);
  setInterval(() => hits && place(), 400);
})();

// the sheet's block: a click sets its corner, Shift with a click or an arrow key extends it
// (the grid's own selection is of whole rows). Ctrl+C copies the block as tab-separated text
// (a spreadsheet pastes it back), Ctrl+X copies and clears it, Delete clears it.
(function () {
  "use strict";
  let anchor = null;
  let block = null;
  let shift = false;
  const api = () => window.plotdocGridApi && window.plotdocGridApi();
  const colIndex = (id) => (/^c\d+$/.test(id || "") ? Number(id.slice(1)) : null);

  function paint() {
    for (const cellEl of document.querySelectorAll(".plotdoc-sheet .ag-cell[col-id]")) {
      const rowEl = cellEl.closest(".ag-row");
      const r = rowEl ? Number(rowEl.getAttribute("row-index")) : NaN;
      const c = colIndex(cellEl.getAttribute("col-id"));
      const inside = !!block && c !== null && r >= block.r0 && r <= block.r1 && c >= block.c0 && c <= block.c1;
      cellEl.classList.toggle("plotdoc-in-block", inside && (block.r0 !== block.r1 || block.c0 !== block.c1));
    }
  }
  // a cell of the sheet takes the focus (a click, an arrow key, Enter)
  document.addEventListener(
    "focusin",
    (e) => {
      const cellEl = e.target && e.target.closest && e.target.closest(".plotdoc-sheet .ag-cell[col-id]");
      const rowEl = cellEl && cellEl.closest(".ag-row");
      const c = cellEl && colIndex(cellEl.getAttribute("col-id"));
      if (!rowEl || c === null) return;
      const r = Number(rowEl.getAttribute("row-index"));
      if (!shift || !anchor) anchor = { r: r, c: c };
      block = { r0: Math.min(anchor.r, r), r1: Math.max(anchor.r, r), c0: Math.min(anchor.c, c), c1: Math.max(anchor.c, c) };
      paint();
    },
    true
  );
  let hooked = null;
  setInterval(() => {
    const a = api();
    if (!a || a === hooked) return;
    hooked = a;
    anchor = block = null;
    for (const ev of ["bodyScroll", "modelUpdated", "viewportChanged"]) a.addEventListener(ev, () => setTimeout(paint, 0));
  }, 300);
  for (const type of ["keydown", "keyup", "mousedown"]) document.addEventListener(type, (e) => { shift = e.shiftKey; }, true);

  // the block the focused cell is in (or the focused cell alone), as the server's clear takes it
  window.plotdocBlockOf = function (cell) {
    const c = colIndex(cell.column.getColId());
    const b = block;
    if (!b || c === null || cell.rowIndex < b.r0 || cell.rowIndex > b.r1 || c < b.c0 || c > b.c1) return {};
    return { row: b.r0, col: "c" + b.c0, rows: b.r1 - b.r0 + 1, cols: b.c1 - b.c0 + 1 };
  };

  function text(b) {
    const a = api();
    const lines = [];
    for (let r = b.r0; r <= b.r1; r++) {
      const node = a.getDisplayedRowAtIndex(r);
      if (!node || !node.data) return null; // not fetched yet
      const cells = [];
      for (let c = b.c0; c <= b.c1; c++) {
        const v = node.data["c" + c];
        cells.push(v === undefined || v === null ? "" : String(v));
      }
      lines.push(cells.join("\t"));
    }
    return lines.join("\n") + "\n";
  }
  async function fetched(b) {
    const id = api().getDisplayedRowAtIndex(b.r0).data._t;
    const r = await fetch(`/_plotdoc/rows?table=${encodeURIComponent(id)}&start=${b.r0}&end=${b.r1 + 1}`, { credentials: "same-origin" });
    const d = await r.json();
    return d.rows.map((row) => {
      const cells = [];
      for (let c = b.c0; c <= b.c1; c++) cells.push(row["c" + c] === undefined ? "" : String(row["c" + c]));
      return cells.join("\t");
    }).join("\n") + "\n";
  }
  function copyOut(e, cut) {
    const t = e.target;
    if (!t || !t.closest || !t.closest(".plotdoc-sheet") || t.closest(".ag-cell-inline-editing")) return;
    const a = api();
    const cell = a && a.getFocusedCell();
    if (!cell) return;
    const c = colIndex(cell.column.getColId());
    if (c === null) return;
    const inBlock = window.plotdocBlockOf(cell);
    const b = inBlock.rows ? block : { r0: cell.rowIndex, r1: cell.rowIndex, c0: c, c1: c };
    e.preventDefault();
    const ready = text(b);
    if (ready !== null) {
      e.clipboardData.setData("text/plain", ready);
    } else {
      fetched(b).then((s) => navigator.clipboard.writeText(s)).catch(() => {});
    }
    if (cut) {
      const where = { row: b.r0, col: "c" + b.c0, rows: b.r1 - b.r0 + 1, cols: b.c1 - b.c0 + 1 };
      const data = (a.getDisplayedRowAtIndex(b.r0) || {}).data || {};
      emitEvent("plotdoc_clear", Object.assign(where, { _t: data._t, _v: data._v }));
    }
  }
  document.addEventListener("copy", (e) => copyOut(e, false), true);
  document.addEventListener("cut", (e) => copyOut(e, true), true);
})();

// Menus follow the ARIA menu pattern: a menu is a "menu" of "menuitem"s; the arrow keys move
// between its items (wrapping), Home and End go to the first and last, Esc closes it (Quasar).
(function () {
  "use strict";
  function items(menu) {
    return [...menu.querySelectorAll(".q-item")].filter((i) => i.offsetParent !== null && !i.classList.contains("disabled"));
  }
  new MutationObserver(() => {
    // a select's list is a listbox of options (Quasar's): only menus of items become menus
    for (const item of document.querySelectorAll(".q-menu .q-item[role=listitem]")) {
      item.setAttribute("role", "menuitem");
      if (!item.hasAttribute("tabindex")) item.setAttribute("tabindex", "-1");
      const menu = item.closest(".q-menu");
      if (menu && !menu.querySelector("[role=option]")) menu.setAttribute("role", "menu");
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("keydown", (e) => {
    const menu = e.target.closest && e.target.closest(".q-menu");
    const open = menu || [...document.querySelectorAll(".q-menu")].pop();
    if (!open || !["ArrowDown", "ArrowUp", "Home", "End"].includes(e.key)) return;
    // from outside a menu, only its button moves into it (a select's list keeps its own keys)
    if (!menu && e.target !== document.body && !(e.target.closest && e.target.closest("button.q-btn"))) return;
    if (open.getAttribute("role") !== "menu") return;  // a select's list keeps its own keys
    const list = items(open);
    if (!list.length) return;
    const at = list.indexOf(e.target.closest ? e.target.closest(".q-item") : null);
    let next = 0;
    if (e.key === "ArrowDown") next = at < 0 ? 0 : (at + 1) % list.length;
    else if (e.key === "ArrowUp") next = at < 0 ? list.length - 1 : (at - 1 + list.length) % list.length;
    else if (e.key === "End") next = list.length - 1;
    e.preventDefault();
    e.stopPropagation();
    list[next].focus();
  }, true);
})();
