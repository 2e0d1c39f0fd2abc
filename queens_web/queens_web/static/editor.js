"use strict";
// The board editor and share links, beside page.js (whose top-level names it uses: $, el,
// api, run, showError, showBoard, page, label).
//
// The editor paints the regions of a map: from an empty N×N (every cell one region), from
// the board being played, or from a screenshot. After each stroke the server analyses the
// map (/api/analyse): its count (0, 1, or 2 and more), the cells where two solutions
// differ (hatched), and for a unique board its grade, tier and the rules it needs. Fix
// (/api/fix) proposes the fewest region edits that make it unique, shown before they are
// applied; Play this board hands the map to the game.
//
// A share link is the page's address with the board in its fragment:
// #board=ROWS&stars=K[&marks=MARKS], ROWS the text format's rows joined by "/", MARKS one
// character a cell (. empty, x cross, q queen or star), each value encoded as
// encodeURIComponent encodes it. Nothing is kept on the server.

// The letters a new map paints with: the archive's colour letters first (the page draws
// them in LinkedIn's colours), then others; never "/", which separates a link's rows.
const EDITOR_LETTERS = "PBORGSLKNTCYUQAJWVMFHDEIXZabcdefghijklmnopqrstuvwxyz";
const EDITOR_SIZES = [4, 20];
const EDITOR_MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
const SHARE_MARKS = ".xq";

const studio = {
  n: 8,
  k: 1,
  cells: [], // the region letter of every cell, row by row
  palette: "", // the letters it paints with, one a region
  colour: "", // the letter a stroke paints
  colours: {},
  names: {},
  past: [], // undo: earlier cells
  future: [],
  focus: 0,
  stroke: null, // {before, changed} while a stroke is painted
  analysis: null, // the last queens-analysis/1 answer for the cells shown
  asked: 0, // the number of the last analysis asked for: older answers are dropped
  pending: false,
  proposal: null, // the queens-fix/1 document shown before it is applied
  fixing: false,
};

const editorRows = () => {
  const rows = [];
  for (let r = 0; r < studio.n; r++) rows.push(studio.cells.slice(r * studio.n, (r + 1) * studio.n).join(""));
  return rows;
};
const editorMaxStars = (n) => Math.max(1, Math.floor(Math.floor(n / 2) / 2));
const editorColourName = (letter) => (studio.names[letter] ? `${studio.names[letter]} ${letter}` : `region ${letter}`);

// -- building the editor's part of the page ------------------------------------------------

function buildStudio() {
  const sizes = [];
  for (let n = EDITOR_SIZES[0]; n <= EDITOR_SIZES[1]; n++) sizes.push(el("option", { value: String(n) }, `${n}×${n}`));
  const section = el("section", { id: "studio", "aria-labelledby": "studio-title" },
    el("h2", { id: "studio-title" }, "Board editor"),
    el("div", { class: "row", id: "studio-start" },
      el("label", {}, "size ", el("select", { id: "studio-size" }, ...sizes)),
      el("label", {}, "stars ", el("select", { id: "studio-stars" })),
      el("button", { id: "studio-empty", type: "button" }, "Empty board"),
      el("button", { id: "studio-current", type: "button" }, "The board played"),
      el("label", { id: "studio-picture-label" }, "a screenshot: ", el("input", { id: "studio-picture", type: "file", accept: "image/*" }))),
    el("div", { id: "studio-palette", role: "radiogroup", "aria-label": "The region to paint" }),
    el("div", { id: "studio-board", role: "grid", "aria-label": "The board being painted" }),
    el("p", { id: "studio-count", role: "status" }),
    el("p", { id: "studio-detail", class: "note" }),
    el("p", { id: "studio-message", role: "alert", hidden: "" }),
    el("div", { class: "row", id: "studio-controls" },
      el("button", { id: "studio-undo", type: "button", "aria-keyshortcuts": "u" }, "Undo"),
      el("button", { id: "studio-redo", type: "button", "aria-keyshortcuts": "y" }, "Redo"),
      el("button", { id: "studio-fix", type: "button", class: "primary" }, "Fix"),
      el("button", { id: "studio-play", type: "button" }, "Play this board"),
      el("button", { id: "studio-close", type: "button", "aria-keyshortcuts": "Escape" }, "Close")),
    el("div", { id: "studio-proposal", "aria-live": "polite" }),
    el("p", { class: "note", id: "studio-keys" },
      "Drag across cells to paint them. Keys: arrows move · space paints · shift+arrows paint as they move · [ and ] or 1–9 choose the colour · u undo · y redo."));
  section.hidden = true;
  $("play").before(section);
  $("studio-size").value = "8";
  editorFillStars();
  $("studio-size").addEventListener("change", editorFillStars);
  $("studio-empty").addEventListener("click", () => editorStart(editorEmpty(Number($("studio-size").value)), Number($("studio-stars").value)));
  $("studio-current").addEventListener("click", () => {
    if (page.doc) editorStart(page.doc.board.rows, page.doc.stars || 1, page.doc.board.regions.join(""));
  });
  $("studio-picture").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) editorRun(() => editorFromPicture(file));
  });
  $("studio-undo").addEventListener("click", editorUndo);
  $("studio-redo").addEventListener("click", editorRedo);
  $("studio-fix").addEventListener("click", () => editorRun(editorFix));
  $("studio-play").addEventListener("click", () => editorRun(editorPlay));
  $("studio-close").addEventListener("click", closeStudio);
  section.addEventListener("keydown", editorKey);
  editorWirePointer($("studio-board"));

  const open = el("button", { id: "edit-button", type: "button" }, "Board editor");
  open.addEventListener("click", openStudio);
  const share = el("button", { id: "share-button", type: "button" }, "Share link");
  share.addEventListener("click", () => run(shareBoard));
  const withMarks = el("input", { id: "share-marks", type: "checkbox" });
  withMarks.addEventListener("change", staleShare);
  const link = el("input", { id: "share-url", type: "text", readonly: "", "aria-label": "The link to this board" });
  link.hidden = true;
  $("new-board").after(
    el("div", { class: "row", id: "edit-row" }, open),
    el("div", { class: "row", id: "share-row" }, share, el("label", {}, withMarks, " with my marks"), link));
}

function editorFillStars() {
  const n = Number($("studio-size").value);
  const choices = [];
  for (let k = 1; k <= editorMaxStars(n); k++) choices.push(el("option", { value: String(k) }, k === 1 ? "1 ♛ (Queens)" : `${k} ★`));
  $("studio-stars").replaceChildren(...choices);
}

function editorEmpty(n) {
  return Array.from({ length: n }, () => EDITOR_LETTERS[0].repeat(n));
}

function openStudio() {
  $("play").hidden = true;
  $("studio").hidden = false;
  if (!studio.cells.length) {
    if (page.doc) editorStart(page.doc.board.rows, page.doc.stars || 1, page.doc.board.regions.join(""));
    else editorStart(editorEmpty(8), 1);
  }
  $("studio-title").scrollIntoView({ block: "nearest" });
  editorFocusCell(studio.focus);
}

function closeStudio() {
  $("studio").hidden = true;
  $("play").hidden = false;
  $("edit-button").focus();
}

// A map to paint: its rows, K, and the palette (the map's letters, topped up to N with
// letters it does not use).
function editorStart(rows, k, palette = "") {
  const n = rows.length;
  const letters = [...new Set([...palette, ...rows.join("")])];
  for (const letter of EDITOR_LETTERS) {
    if (letters.length >= n) break;
    if (!letters.includes(letter)) letters.push(letter);
  }
  studio.n = n;
  studio.k = k;
  studio.cells = Array.from(rows.join(""));
  studio.palette = letters.join("");
  studio.colour = letters[Math.min(1, letters.length - 1)];
  studio.past = [];
  studio.future = [];
  studio.focus = 0;
  studio.analysis = null;
  studio.proposal = null;
  $("studio-size").value = String(Math.min(Math.max(n, EDITOR_SIZES[0]), EDITOR_SIZES[1]));
  editorFillStars();
  $("studio-stars").value = String(k);
  editorShowError(null);
  editorRender();
  editorAnalyse();
}

async function editorFromPicture(file) {
  if (typeof readsImages === "function" && !readsImages()) {
    throw new Error("reading screenshots needs the queens-read-image package: pip install queens-read-image, then restart queens serve");
  }
  const name = file.name || "screenshot.png";
  const doc = await api(`/api/read?name=${encodeURIComponent(name)}`, file, { raw: true, type: file.type || "application/octet-stream" });
  editorStart(doc.board.rows, doc.stars || 1, doc.board.regions.join(""));
}

function editorShowError(err) {
  const box = $("studio-message");
  box.textContent = err ? String(err.message || err) : "";
  box.hidden = !err;
}

async function editorRun(action) {
  editorShowError(null);
  try {
    await action();
  } catch (err) {
    editorShowError(err);
  }
}

// -- painting -------------------------------------------------------------------------------

function editorPaint(i) {
  if (studio.cells[i] === studio.colour) return;
  if (!studio.stroke) editorBeginStroke();
  studio.cells[i] = studio.colour;
  studio.stroke.changed = true;
}

function editorBeginStroke() {
  studio.stroke = { before: studio.cells.slice(), changed: false };
}

function editorEndStroke() {
  const stroke = studio.stroke;
  studio.stroke = null;
  if (!stroke || !stroke.changed) return;
  studio.past.push(stroke.before);
  studio.future = [];
  editorChanged();
}

function editorChanged() {
  studio.proposal = null;
  editorRender();
  editorAnalyse();
}

function editorUndo() {
  if (!studio.past.length) return;
  studio.future.push(studio.cells.slice());
  studio.cells = studio.past.pop();
  editorChanged();
}

function editorRedo() {
  if (!studio.future.length) return;
  studio.past.push(studio.cells.slice());
  studio.cells = studio.future.pop();
  editorChanged();
}

function editorChoose(letter) {
  if (!studio.palette.includes(letter)) return;
  studio.colour = letter;
  editorRenderPalette();
}

function editorWirePointer(board) {
  const cellAt = (event) => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const cell = target && target.closest ? target.closest("#studio-board .cell") : null;
    return cell ? Number(cell.dataset.index) : null;
  };
  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const i = cellAt(event);
    if (i === null) return;
    event.preventDefault();
    editorBeginStroke();
    studio.focus = i;
    editorPaint(i);
    editorRenderBoard();
  });
  board.addEventListener("pointermove", (event) => {
    if (!studio.stroke) return;
    const i = cellAt(event);
    if (i === null || studio.cells[i] === studio.colour) return;
    editorPaint(i);
    editorRenderBoard();
  });
  const finish = () => {
    if (studio.stroke) editorEndStroke();
  };
  board.addEventListener("pointerup", finish);
  board.addEventListener("pointercancel", finish);
  board.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") finish();
  });
}

// Keys inside the editor are the editor's: the game's keys (u, y, h) do not reach the
// board being played behind it.
function editorKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const tag = event.target.tagName;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) {
    event.stopPropagation();
    return;
  }
  const onCell = event.target.classList && event.target.classList.contains("cell");
  const onSwatch = event.target.classList && event.target.classList.contains("swatch");
  const key = event.key;
  const n = studio.n;
  if (onSwatch && EDITOR_MOVES[key]) {
    // A radio group: the arrows choose the previous or next colour, as [ and ] do.
    const at = studio.palette.indexOf(studio.colour);
    const step = key === "ArrowRight" || key === "ArrowDown" ? 1 : studio.palette.length - 1;
    editorChoose(studio.palette[(at + step) % studio.palette.length]);
  } else if (onCell && EDITOR_MOVES[key]) {
    const [dr, dc] = EDITOR_MOVES[key];
    const r = Math.floor(studio.focus / n);
    const c = studio.focus % n;
    const next = Math.max(0, Math.min(n - 1, r + dr)) * n + Math.max(0, Math.min(n - 1, c + dc));
    if (event.shiftKey) {
      editorBeginStroke();
      editorPaint(studio.focus);
      editorPaint(next);
      editorEndStroke();
    }
    editorFocusCell(next);
  } else if (onCell && (key === " " || key === "Enter")) {
    editorBeginStroke();
    editorPaint(studio.focus);
    editorEndStroke();
  } else if (key === "[" || key === "]") {
    const at = studio.palette.indexOf(studio.colour);
    const step = key === "]" ? 1 : studio.palette.length - 1;
    editorChoose(studio.palette[(at + step) % studio.palette.length]);
  } else if (/^[1-9]$/.test(key) && Number(key) <= studio.palette.length) {
    editorChoose(studio.palette[Number(key) - 1]);
  } else if (key === "u" || key === "U") {
    editorUndo();
  } else if (key === "y" || key === "Y") {
    editorRedo();
  } else if (key === "Escape") {
    closeStudio();
  } else {
    if (key !== "Tab") event.stopPropagation();
    return;
  }
  event.preventDefault();
  event.stopPropagation();
}

// -- asking the server -----------------------------------------------------------------------

async function editorAnalyse() {
  const asked = ++studio.asked;
  studio.pending = true;
  editorRenderStatus();
  try {
    const doc = await api("/api/analyse", { board: editorRows(), stars: studio.k, palette: studio.palette });
    if (asked !== studio.asked) return;
    Object.assign(studio.colours, doc.colours);
    Object.assign(studio.names, doc.colour_names);
    studio.analysis = doc;
    editorShowError(null);
  } catch (err) {
    if (asked !== studio.asked) return;
    studio.analysis = null;
    editorShowError(err);
  }
  studio.pending = false;
  editorRender();
}

const editorComplete = () => Boolean(studio.analysis) && studio.analysis.status !== "incomplete" && !studio.pending;

async function editorFix() {
  if (!editorComplete()) return;
  const rows = editorRows();
  studio.fixing = true;
  editorRender();
  try {
    const doc = await api("/api/fix", { board: rows, stars: studio.k });
    if (editorRows().join("/") === rows.join("/")) studio.proposal = doc;
  } finally {
    studio.fixing = false;
    editorRender();
  }
  const apply = $("studio-apply");
  if (apply) apply.focus();
}

function editorApply() {
  const doc = studio.proposal;
  if (!doc || !doc.fixed) return;
  studio.past.push(studio.cells.slice());
  studio.future = [];
  studio.cells = Array.from(doc.fixed.join(""));
  editorChanged();
  editorFocusCell(studio.focus);
}

function editorDismiss() {
  studio.proposal = null;
  editorRender();
  editorFocusCell(studio.focus);
}

async function editorPlay() {
  if (!editorComplete()) return;
  const params = new URLSearchParams({ name: "the editor", stars: String(studio.k) });
  const doc = await api(`/api/read?${params}`, editorRows().join("\n"), { raw: true, type: "text/plain; charset=utf-8" });
  closeStudio();
  showBoard(doc);
  $("board").querySelector(".cell").focus();
}

// -- drawing ----------------------------------------------------------------------------------

function editorRender() {
  editorRenderPalette();
  editorRenderBoard();
  editorRenderStatus();
  editorRenderProposal();
  const complete = editorComplete();
  $("studio-undo").disabled = !studio.past.length;
  $("studio-redo").disabled = !studio.future.length;
  // Fix is offered for any K: the server says in one line when it repairs no such board.
  const fixable = complete && (studio.analysis.count !== 1 || studio.analysis.disconnected.length > 0);
  $("studio-fix").disabled = !fixable || studio.fixing;
  $("studio-fix").textContent = studio.fixing ? "Fixing…" : "Fix";
  $("studio-play").disabled = !complete;
}

function editorRenderPalette() {
  const used = new Set(studio.cells);
  const swatches = Array.from(studio.palette, (letter, k) => {
    const chosen = letter === studio.colour;
    const swatch = el("button", {
      type: "button",
      role: "radio",
      class: `swatch${used.has(letter) ? "" : " unused"}`,
      "aria-checked": String(chosen),
      "aria-label": `paint ${editorColourName(letter)}${used.has(letter) ? "" : ", not on the map yet"}`,
      "data-letter": letter,
      tabindex: chosen ? "0" : "-1",
      title: k < 9 ? `${editorColourName(letter)} (${k + 1})` : editorColourName(letter),
    }, letter);
    swatch.style.background = studio.colours[letter] || "#ddd";
    swatch.addEventListener("click", () => editorChoose(letter));
    return swatch;
  });
  const hadFocus = $("studio-palette").contains(document.activeElement);
  $("studio-palette").replaceChildren(...swatches);
  if (hadFocus) $("studio-palette").querySelector('[aria-checked="true"]').focus();
}

function editorRenderBoard() {
  const n = studio.n;
  const analysis = studio.analysis;
  const current = analysis && analysis.rows.join("/") === editorRows().join("/");
  const differ = new Set(current ? analysis.differing.map(([r, c]) => r * n + c) : []);
  const edits = new Map((studio.proposal ? studio.proposal.edits : []).map((e) => [e.row * n + e.column, e]));
  const holder = $("studio-board");
  holder.style.gridTemplateColumns = `repeat(${n}, minmax(0, 1fr))`;
  holder.style.gridTemplateRows = `repeat(${n}, minmax(0, 1fr))`;
  holder.setAttribute("aria-rowcount", String(n));
  holder.setAttribute("aria-colcount", String(n));
  const at = (r, c) => (r < 0 || r >= n || c < 0 || c >= n ? null : studio.cells[r * n + c]);
  const side = (differs, near) => (differs ? (near ? "1px" : "2px") : near ? "0" : "1px");
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = el("div", { role: "row" });
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const letter = studio.cells[i];
      const classes = ["cell"];
      let words = `${label([r, c])}, ${editorColourName(letter)}`;
      if (differ.has(i)) {
        classes.push("differ");
        words += ", two solutions differ here";
      }
      const edit = edits.get(i);
      if (edit) {
        classes.push("proposed");
        words += `, Fix gives it to ${editorColourName(edit.to)}`;
      }
      const cell = el("div", {
        role: "gridcell",
        class: classes.join(" "),
        tabindex: i === studio.focus ? "0" : "-1",
        "aria-label": words,
        "data-index": String(i),
        "data-cell": label([r, c]),
        "data-region": letter,
      });
      cell.style.background = studio.colours[letter] || "#ddd";
      cell.style.borderWidth = [
        side(at(r - 1, c) !== letter, true),
        side(at(r, c + 1) !== letter, false),
        side(at(r + 1, c) !== letter, false),
        side(at(r, c - 1) !== letter, true),
      ].join(" ");
      cell.append(el("span", { class: "letter", "aria-hidden": "true" }, letter));
      if (edit) {
        const target = el("span", { class: "target", "aria-hidden": "true" }, edit.to);
        target.style.background = studio.colours[edit.to] || "#ddd";
        cell.append(target);
      }
      row.append(cell);
    }
    rows.push(row);
  }
  const hadFocus = holder.contains(document.activeElement);
  holder.replaceChildren(...rows);
  if (hadFocus) editorFocusCell(studio.focus);
}

function editorFocusCell(i) {
  studio.focus = i;
  const cells = $("studio-board").querySelectorAll(".cell");
  cells.forEach((cell, j) => cell.setAttribute("tabindex", j === i ? "0" : "-1"));
  if (cells[i] && !$("studio").hidden) cells[i].focus();
}

// The count line and the line under it, in words.
function editorWords(doc) {
  const pieces = studio.k > 1 ? "stars" : "queens";
  if (doc.status === "incomplete") {
    const missing = Array.from(studio.palette).filter((l) => !doc.regions.includes(l));
    const names = missing.length <= 6 ? `: ${missing.map(editorColourName).join(", ")}` : "";
    return [`Not a board yet: ${doc.message}.`, missing.length ? `Regions still to paint${names}.` : ""];
  }
  const broken = doc.disconnected.length
    ? ` Region${doc.disconnected.length > 1 ? "s" : ""} in pieces: ${doc.disconnected.map(editorColourName).join(", ")}.`
    : "";
  if (doc.status === "no-solution") return ["0 solutions: no placement of the " + pieces + " works.", `Fix can repaint cells until one does.${broken}`];
  if (doc.status === "several-solutions") {
    return [
      "2 or more solutions.",
      `The ${doc.differing.length} hatched cells are where two of them differ: repaint around them, or press Fix.${broken}`,
    ];
  }
  if (doc.status === "undecided") return ["Undecided: the count ran out of time.", doc.message + broken];
  if (doc.status === "unique-stalled") return ["1 solution (unique).", `The rules stall on it: it needs guessing.${broken}`];
  const grade = doc.grade;
  return [
    "1 solution (unique).",
    `Grade ${grade.level} ${grade.name} (score ${grade.score}). Tier needed: ${tierWords(doc.logic.tier_needed, grade.needs)}.${broken}`, // page.js
  ];
}

function editorRenderStatus() {
  const line = $("studio-count");
  const detail = $("studio-detail");
  const doc = studio.analysis;
  line.classList.toggle("stale", studio.pending);
  if (!doc) {
    line.textContent = studio.pending ? "Counting…" : "";
    detail.textContent = "";
    return;
  }
  const [count, more] = editorWords(doc);
  line.textContent = count;
  line.dataset.status = doc.status;
  line.dataset.count = doc.count === null ? "" : String(doc.count);
  detail.textContent = more;
}

// What a Fix proposal claims, in words that are true and say something: the search's
// proof "every fix needs at least D edits" is said only from 2 edits on, since any fix
// needs one (it said "no fix with fewer than 1 edit exists").
function fixClaim(doc) {
  const edits = (count) => `${count} edit${count === 1 ? "" : "s"}`;
  const bound = doc.at_least >= 2 ? `every fix needs at least ${edits(doc.at_least)}` : "";
  if (doc.status === "not-found") return `No fix found within the time allowed${bound ? `; ${bound}` : ""}.`;
  const count = doc.edits.length;
  if (count === 1) return "1 edit, the fewest a fix can have.";
  if (doc.minimal) return `${edits(count)}, the fewest: the search proved that no fix with fewer exists.`;
  return `${edits(count)}, the best found in the time allowed${bound ? ` (${bound})` : "; a fix with fewer may exist"}.`;
}

function editorRenderProposal() {
  const box = $("studio-proposal");
  const doc = studio.proposal;
  if (!doc) {
    box.replaceChildren();
    return;
  }
  const out = [el("h3", {}, "Fix")];
  if (doc.status === "unique") out.push(el("p", {}, "The board already has exactly one solution: nothing to fix."));
  else if (doc.status === "not-found") out.push(el("p", { id: "studio-claim" }, fixClaim(doc)));
  else {
    out.push(el("p", { id: "studio-claim" }, `${fixClaim(doc)} The cells are outlined on the board, each with the region it would join:`));
    out.push(el("ul", { id: "studio-edits" }, ...doc.edits.map((e) =>
      el("li", { "data-cell": e.cell }, `${e.cell}: ${e.from} → ${e.to}`, el("span", { class: "note" }, ` (${editorColourName(e.from)} to ${editorColourName(e.to)})`)))));
  }
  const buttons = [];
  if (doc.status === "fixed") {
    const apply = el("button", { id: "studio-apply", type: "button", class: "primary" }, "Apply");
    apply.addEventListener("click", editorApply);
    buttons.push(apply);
  }
  const dismiss = el("button", { id: "studio-dismiss", type: "button" }, doc.status === "fixed" ? "Dismiss" : "Close");
  dismiss.addEventListener("click", editorDismiss);
  buttons.push(dismiss);
  out.push(el("div", { class: "row" }, ...buttons));
  box.replaceChildren(...out);
}

// -- share links ---------------------------------------------------------------------------

function shareLink(withMarks) {
  const doc = page.doc;
  let fragment = `board=${encodeURIComponent(doc.board.rows.join("/"))}&stars=${encodeURIComponent(String(doc.stars || 1))}`;
  if (withMarks) fragment += `&marks=${encodeURIComponent(page.marks.map((m) => SHARE_MARKS[m]).join(""))}`;
  return `${location.origin}${location.pathname}#${fragment}`;
}

async function shareBoard() {
  if (!page.doc) return;
  const link = $("share-url");
  link.value = shareLink($("share-marks").checked);
  link.hidden = false;
  link.select();
  try {
    await navigator.clipboard.writeText(link.value);
    $("share-button").textContent = "Link copied";
  } catch (err) {
    $("share-button").textContent = "Share link";
  }
}

// The link shown (and copied) is of one board and its marks: once another board is shown,
// the marks change or "with my marks" is toggled, it is taken away and the button says
// "Share link" again (the field kept the last board's link under "Link copied").
function staleShare() {
  const link = $("share-url");
  if (!link || link.hidden) return;
  if (page.doc && link.value === shareLink($("share-marks").checked)) return;
  link.hidden = true;
  link.value = "";
  $("share-button").textContent = "Share link";
}

const renderBeforeShare = render;
render = function () { // eslint-disable-line no-global-assign
  renderBeforeShare();
  staleShare();
};

// The fields of a share link's fragment, or null when the fragment is no share link (it
// has no board). Throws an error that says what is wrong with a broken one.
function parseShareFragment(hash) {
  const text = hash.replace(/^#/, "");
  if (!text) return null;
  const fields = {};
  for (const part of text.split("&")) {
    const at = part.indexOf("=");
    const key = at < 0 ? part : part.slice(0, at);
    try {
      fields[key] = decodeURIComponent(at < 0 ? "" : part.slice(at + 1));
    } catch (err) {
      throw new Error(`the link's ${key} is not percent-encoded text`);
    }
  }
  if (!("board" in fields)) return null;
  const rows = fields.board.split("/");
  const n = rows.length;
  if (!rows.every((row) => Array.from(row).length === n)) {
    throw new Error(`its board is not square: ${n} rows of ${[...new Set(rows.map((row) => Array.from(row).length))].join(", ")} cells`);
  }
  const starsText = "stars" in fields ? fields.stars : "1";
  if (!/^[1-9][0-9]?$/.test(starsText) || Number(starsText) > 16) {
    throw new Error(`its stars (${JSON.stringify(starsText)}) must be a whole number from 1 to 16`);
  }
  let marks = null;
  if ("marks" in fields) {
    marks = Array.from(fields.marks);
    if (marks.length !== n * n || !marks.every((m) => SHARE_MARKS.includes(m))) {
      throw new Error(`its marks must be ${n * n} characters, one a cell, each . x or q`);
    }
  }
  return { rows, stars: Number(starsText), marks };
}

// Opens the board of the share link in the address, if it holds one: true when it did
// (or said in one line why it could not), false when there is no link to open.
async function openSharedLink() {
  let link;
  try {
    link = parseShareFragment(location.hash);
  } catch (err) {
    showError(new Error(`This share link cannot be opened: ${err.message}.`));
    return false;
  }
  if (!link) return false;
  let doc;
  try {
    const params = new URLSearchParams({ name: "a share link", stars: String(link.stars) });
    doc = await api(`/api/read?${params}`, link.rows.join("\n"), { raw: true, type: "text/plain; charset=utf-8" });
  } catch (err) {
    showError(new Error(`This share link cannot be opened: ${err.message}.`));
    return false;
  }
  history.replaceState(null, "", `${location.pathname}${location.search}`);
  showBoard(doc);
  if (link.marks) {
    page.marks = link.marks.map((m) => SHARE_MARKS.indexOf(m));
    page.placed = page.marks.flatMap((m, i) => (m === QUEEN ? [i] : []));
    page.past = [];
    page.future = [];
    page.won = null;
    afterChange(); // a link whose marks win the board opens on the win message
  }
  return true;
}

// A picture pasted while the editor is open is painted there, not played: this listener
// runs before the page's (capture phase) and keeps the paste from it.
function editorPaste(event) {
  const studioShown = $("studio") && !$("studio").hidden;
  const items = Array.from(event.clipboardData ? event.clipboardData.items : []);
  const image = items.find((item) => item.kind === "file" && item.type.startsWith("image/"));
  if (!studioShown || !image) return;
  event.preventDefault();
  event.stopPropagation();
  const file = image.getAsFile();
  editorRun(() => editorFromPicture(file));
}

document.addEventListener("DOMContentLoaded", buildStudio);
document.addEventListener("paste", editorPaste, true);
window.addEventListener("hashchange", () => run(async () => {
  if (await openSharedLink()) closeStudio();
}));
