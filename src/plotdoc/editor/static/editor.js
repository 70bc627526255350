// plotdoc editor: the few things the page does in the browser itself.
// Files are sent to the server as bytes; every change is made by the server (never JSON here).
(function () {
  "use strict";
  const MAX_BYTES = 50 * 1024 * 1024;
  window.plotdocDirty = false;

  async function sendFile(file) {
    if (file.size > MAX_BYTES) {
      emitEvent("plotdoc_open_refused", { name: file.name, size: file.size });
      return;
    }
    window.plotdocBusy = true;
    emitEvent("plotdoc_open_started", { name: file.name });
    const response = await fetch("/_plotdoc/upload?name=" + encodeURIComponent(file.name), {
      method: "POST",
      body: file,
      credentials: "same-origin",
    });
    const reply = await response.json();
    emitEvent("plotdoc_open", { id: reply.id || null, name: file.name, error: reply.error || null });
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
  window.plotdocDatasource = function (tableId, version) {
    return {
      getRows: async (p) => {
        const url = `/_plotdoc/rows?table=${encodeURIComponent(tableId)}&start=${p.startRow}&end=${p.endRow}&v=${version}`;
        try {
          const r = await fetch(url, { credentials: "same-origin" });
          const d = await r.json();
          p.successCallback(d.rows, d.lastRow);
        } catch (err) {
          p.failCallback();
        }
      },
    };
  };

  function gridApi() {
    const el = document.querySelector(".plotdoc-sheet");
    if (!el) return null;
    const vue = getElement(el.id.replace(/^c/, ""));
    return vue && vue.api;
  }
  window.plotdocGridApi = gridApi;

  // AG Grid hands a finished cell edit to its listeners on a timer (its events are
  // asynchronous), so a shortcut pressed right after Enter could reach the server before the
  // edit: Ctrl+Z would undo the step before it and Ctrl+S save without it. Shortcuts are sent on
  // a timer too, queued behind any edit the grid has still to deliver.
  function emitShortcut(action) {
    window.setTimeout(() => emitEvent("plotdoc_shortcut", { action: action }), 0);
  }

  function editing(target) {
    return target && (target.closest(".ag-cell-inline-editing") || target.closest(".ag-popup-editor"));
  }
  function inTextField(target) {
    if (!target) return false;
    const tag = (target.tagName || "").toLowerCase();
    return tag === "input" || tag === "textarea" || target.isContentEditable;
  }

  document.addEventListener(
    "paste",
    (e) => {
      if (!e.target.closest || !e.target.closest(".plotdoc-sheet") || editing(e.target)) return;
      const api = gridApi();
      const cell = api && api.getFocusedCell();
      if (!cell) return;
      e.preventDefault();
      const text = (e.clipboardData || window.clipboardData).getData("text/plain");
      emitEvent("plotdoc_paste", { row: cell.rowIndex, col: cell.column.getColId(), text: text });
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
        emitShortcut(e.shiftKey ? "save-as" : "save");
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
        emitEvent("plotdoc_clear", { row: cell.rowIndex, col: cell.column.getColId() });
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
    if (rows.length) emitEvent("plotdoc_rows", { action: action, rows: rows });
  };

  // the graph's place: its size is sent to the server, which draws the graph to fill it
  let observed = null;
  let sizeTimer = null;
  function watchGraph() {
    const el = document.querySelector(".plotdoc-graph-image");
    if (!el || el === observed) return;
    observed = el;
    new ResizeObserver((entries) => {
      const box = entries[0].contentRect;
      clearTimeout(sizeTimer);
      sizeTimer = setTimeout(() => {
        if (box.width > 0 && box.height > 0) emitEvent("plotdoc_graph_box", { width: box.width, height: box.height });
      }, 150);
    }).observe(el);
  }
  setInterval(watchGraph, 500);

  window.plotdocSetDirty = function (dirty, title) {
    window.plotdocDirty = dirty;
    document.title = (dirty ? "● " : "") + title + " — plotdoc";
  };
})();
