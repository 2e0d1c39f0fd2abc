"use strict";
// The queens page. It draws the board, keeps the player's marks, and asks the server's
// JSON API (/api/) for everything else: reading a pasted board or screenshot, the next
// hint, the whole explanation, the check. Text from the server (rule names, sentences) is
// always inserted as text, never as markup.

const EXAMPLE = "PPPPPPO\nPSGLLLO\nPSGGGLO\nPSSBGLO\nPRSBBBO\nPRRRRBO\nPOOOOOO\n";
const EMPTY = 0;
const CROSS = 1;
const QUEEN = 2;
const CELL = 48;
const BORDER = 3.4;
const SVG_NS = "http://www.w3.org/2000/svg";
const CROWN = "M22 78 L16 36 L36 56 L50 26 L64 56 L84 36 L78 78 Z M22 82 L78 82 L78 88 L22 88 Z";
const IMAGE_SUFFIXES = [".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp"];

const page = {
  info: null,
  doc: null, // the board document (queens-web-board/1)
  marks: [], // the player's marks, one a cell: EMPTY, CROSS or QUEEN
  hint: null, // {doc, stage}: stage 1 names the technique, stage 2 shows where and why
  explanation: null, // {doc, index}: index 0 is the empty board, N + 1 the summary
  check: null,
  letters: false,
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

const size = () => page.doc.board.size;
const label = ([r, c]) => `r${r + 1}c${c + 1}`;
const index = ([r, c]) => r * size() + c;

// -- talking to the server ---------------------------------------------------------------

async function api(path, body, options = {}) {
  const init = { method: body === undefined ? "GET" : "POST", headers: {} };
  if (body !== undefined && options.raw) {
    init.body = body;
    init.headers["Content-Type"] = options.type || "application/octet-stream";
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new Error("the server does not answer: is `queens serve` still running?");
  }
  const doc = await response.json().catch(() => null);
  if (!response.ok) throw new Error(doc && doc.error ? doc.error : `HTTP ${response.status}`);
  return doc;
}

function showError(err) {
  const box = $("message");
  box.textContent = err ? String(err.message || err) : "";
  box.hidden = !err;
}

async function run(action) {
  showError(null);
  try {
    await action();
  } catch (err) {
    showError(err);
  }
}

// -- the player's marks ------------------------------------------------------------------

function picture() {
  const n = size();
  const rows = [];
  for (let r = 0; r < n; r++) {
    let row = "";
    for (let c = 0; c < n; c++) row += ".xQ"[page.marks[r * n + c]];
    rows.push(row);
  }
  return rows;
}

function resetAdvice() {
  page.hint = null;
  page.explanation = null;
  page.check = null;
}

async function readBoard(data, name, type) {
  const query = name ? `?name=${encodeURIComponent(name)}` : "";
  showBoard(await api(`/api/read${query}`, data, { raw: true, type }));
}

// A board from the generator, drawn as any board read; its source line says its grade.
async function newBoard() {
  const body = { size: Number($("new-size").value) };
  if ($("new-grade").value) body.grade = $("new-grade").value;
  $("new-button").disabled = true;
  try {
    const doc = await api("/api/generate", body);
    doc.source = `${doc.source}, graded ${doc.level} ${doc.grade}`;
    showBoard(doc);
  } finally {
    $("new-button").disabled = false;
  }
}

function showBoard(doc) {
  page.doc = doc;
  page.marks = new Array(doc.board.size * doc.board.size).fill(EMPTY);
  if (doc.state) {
    for (const cell of doc.state.dead) page.marks[index(cell)] = CROSS;
    for (const cell of doc.state.queens) page.marks[index(cell)] = QUEEN;
  }
  $("board-text").value = doc.board.rows.join("\n");
  resetAdvice();
  render();
}

function onCellClick(event) {
  const target = event.target.closest("[data-row]");
  if (!target || page.explanation) return;
  const i = Number(target.dataset.row) * size() + Number(target.dataset.col);
  page.marks[i] = (page.marks[i] + 1) % 3;
  resetAdvice();
  showError(null);
  render();
}

// -- the board ---------------------------------------------------------------------------

// What the board shows: the player's marks, or during an explanation the state after the
// steps shown so far; and the cells to highlight.
function shown() {
  const n = size();
  const highlight = { place: [], kill: [], wrong: [] };
  if (page.explanation) {
    const { doc, index: upto } = page.explanation;
    const marks = new Array(n * n).fill(EMPTY);
    doc.steps.slice(0, upto).forEach((step) => {
      if (step.placed) marks[index(step.placed)] = QUEEN;
      for (const cell of step.killed) marks[index(cell)] = CROSS;
    });
    const step = doc.steps[upto - 1];
    if (step && upto <= doc.steps.length) {
      if (step.placed) highlight.place.push(step.placed);
      highlight.kill.push(...step.killed);
    }
    return { marks, highlight };
  }
  const hint = page.hint;
  if (hint && hint.stage === 2 && hint.doc.step) {
    if (hint.doc.step.placed) highlight.place.push(hint.doc.step.placed);
    highlight.kill.push(...hint.doc.step.killed);
  }
  if (hint && hint.doc.wrong) highlight.wrong.push(...hint.doc.wrong.queens, ...hint.doc.wrong.dead);
  return { marks: page.marks, highlight };
}

function drawBoard() {
  const { board, colours } = page.doc;
  const n = board.size;
  const { marks, highlight } = shown();
  const margin = BORDER;
  const extent = n * CELL + 2 * margin;
  const root = svg("svg", {
    viewBox: `0 0 ${extent} ${extent}`,
    width: extent,
    height: extent,
    role: "img",
    "aria-label": `${n}×${n} board`,
  });
  const grid = svg("g", { transform: `translate(${margin} ${margin})` });
  root.append(grid);
  const letterAt = (r, c) => board.rows[r][c];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const rect = svg("rect", {
        class: "cell",
        x: c * CELL,
        y: r * CELL,
        width: CELL,
        height: CELL,
        fill: colours[letterAt(r, c)],
        stroke: "#000",
        "stroke-width": 0.6,
        "data-row": r,
        "data-col": c,
        "data-cell": label([r, c]),
        "data-region": letterAt(r, c),
        "data-mark": ["empty", "cross", "queen"][marks[r * n + c]],
      });
      const title = svg("title");
      const colourName = page.doc.colour_names[letterAt(r, c)];
      title.textContent = `${label([r, c])}, region ${letterAt(r, c)}${colourName ? ` (${colourName})` : ""}`;
      rect.append(title);
      grid.append(rect);
    }
  }
  // Thick lines where two neighbouring cells belong to different regions.
  const borders = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (c + 1 < n && letterAt(r, c) !== letterAt(r, c + 1)) {
        borders.push(`M${(c + 1) * CELL} ${r * CELL}v${CELL}`);
      }
      if (r + 1 < n && letterAt(r, c) !== letterAt(r + 1, c)) {
        borders.push(`M${c * CELL} ${(r + 1) * CELL}h${CELL}`);
      }
    }
  }
  grid.append(svg("path", { d: borders.join(""), stroke: "#000", "stroke-width": BORDER, fill: "none", "stroke-linecap": "square", "pointer-events": "none" }));
  grid.append(svg("rect", { x: 0, y: 0, width: n * CELL, height: n * CELL, fill: "none", stroke: "#000", "stroke-width": BORDER, "pointer-events": "none" }));
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const mark = marks[r * n + c];
      const x = c * CELL;
      const y = r * CELL;
      if (page.letters) {
        const text = svg("text", { class: "letter", x: x + 4, y: y + 13, "pointer-events": "none" });
        text.textContent = letterAt(r, c);
        grid.append(text);
      }
      if (mark === QUEEN) {
        grid.append(svg("path", { class: "queen", d: CROWN, transform: `translate(${x} ${y}) scale(${CELL / 100})`, "pointer-events": "none" }));
      } else if (mark === CROSS) {
        const a = CELL * 0.36;
        const b = CELL * 0.64;
        grid.append(svg("path", { class: "cross", d: `M${x + a} ${y + a}L${x + b} ${y + b}M${x + b} ${y + a}L${x + a} ${y + b}`, "stroke-width": 2.4, "pointer-events": "none" }));
      }
    }
  }
  for (const [kind, cells] of Object.entries(highlight)) {
    for (const cell of cells) {
      grid.append(svg("rect", {
        class: `hl hl-${kind}`,
        x: cell[1] * CELL + 3,
        y: cell[0] * CELL + 3,
        width: CELL - 6,
        height: CELL - 6,
        rx: 5,
        "stroke-width": 3.5,
        "data-cell": label(cell),
        "pointer-events": "none",
      }));
    }
  }
  const holder = $("board");
  holder.replaceChildren(root);
  holder.classList.toggle("reading", Boolean(page.explanation));
}

// -- the panel: hint, explanation, check -------------------------------------------------

function headline(step) {
  const parts = [];
  if (step.placed) parts.push(`queen on ${label(step.placed)}`);
  if (step.killed.length) parts.push(`${step.killed.map(label).join(" ")} dead`);
  return parts.join("; ");
}

function hintPanel() {
  const { doc, stage } = page.hint;
  const out = [el("h2", {}, "Hint")];
  if (doc.status !== "hint") {
    out.push(el("p", { id: "hint-message" }, doc.message));
    if (doc.wrong) out.push(el("p", { class: "note" }, "The cells named are outlined in red on the board."));
    return out;
  }
  const step = doc.step;
  out.push(el("p", { id: "hint-technique" }, "Next step: ", el("span", { class: "rule" }, step.rule_name)));
  if (stage === 1) {
    out.push(el("p", { class: "note" }, "Press Hint again to see where and why."));
    return out;
  }
  out.push(el("p", { id: "hint-cells", class: "cells" }, headline(step)));
  out.push(el("p", { id: "hint-why", class: "why" }, step.why));
  const apply = el("button", { id: "apply-button", type: "button" }, "Apply this step");
  apply.addEventListener("click", () => {
    if (step.placed) page.marks[index(step.placed)] = QUEEN;
    for (const cell of step.killed) page.marks[index(cell)] = CROSS;
    resetAdvice();
    render();
  });
  out.push(apply);
  return out;
}

function explanationPanel() {
  const { doc, index: at } = page.explanation;
  const total = doc.steps.length;
  const out = [el("h2", {}, "Explanation")];
  const prev = el("button", { id: "prev-button", type: "button" }, "◀ Previous");
  const next = el("button", { id: "next-button", type: "button" }, "Next ▶");
  const back = el("button", { id: "back-button", type: "button" }, "Back to my marks");
  prev.disabled = at === 0;
  next.disabled = at > total;
  prev.addEventListener("click", () => { page.explanation.index -= 1; render(); });
  next.addEventListener("click", () => { page.explanation.index += 1; render(); });
  back.addEventListener("click", () => { page.explanation = null; render(); });
  const where = at === 0 ? "Start" : at > total ? "Summary" : `Step ${at} of ${total}`;
  out.push(el("div", { class: "nav" }, prev, el("span", { id: "step-count" }, where), next, back));
  if (at === 0) {
    out.push(el("p", {}, `The solve from the empty board takes ${total} steps. Press Next to see the first.`));
  } else if (at <= total) {
    const step = doc.steps[at - 1];
    out.push(el("p", { id: "step-rule", class: "rule" }, step.rule_name));
    out.push(el("p", { id: "step-cells", class: "cells" }, headline(step)));
    out.push(el("p", { id: "step-why", class: "why" }, step.why));
  } else {
    const verdict = {
      solved: "Solved by the rules alone.",
      stalled: "The rules stop here: nothing more follows from what they know.",
      contradiction: `The rules found a contradiction: ${doc.problem}.`,
    }[doc.status] || `Status: ${doc.status}.`;
    out.push(el("p", { id: "explain-verdict" }, verdict));
    const rows = doc.counters.filter((c) => c.count > 0).map((c) =>
      el("tr", {}, el("td", {}, c.name), el("td", { class: "count" }, String(c.count))));
    out.push(el("table", { id: "counters" },
      el("thead", {}, el("tr", {}, el("th", {}, "Rule"), el("th", {}, "Fired"))),
      el("tbody", {}, ...rows)));
    out.push(el("p", { class: "note" }, "Rules that never fired are left out."));
  }
  return out;
}

function checkPanel() {
  const doc = page.check;
  const names = Object.fromEntries((page.info ? page.info.rules : []).map((r) => [r.counter, r.display_name]));
  const out = [el("h2", {}, "Check"), el("p", { id: "check-verdict", class: "rule" }, doc.message)];
  const facts = el("dl");
  const fact = (term, value) => facts.append(el("dt", {}, term), el("dd", {}, value));
  if (doc.size) fact("size", `${doc.size}×${doc.size}`);
  if (doc.solutions) fact("solutions", `${doc.solutions.at_least ? "at least " : ""}${doc.solutions.count}`);
  if (doc.logic) {
    const tier = doc.logic.tier_needed ? `, tier needed: ${doc.logic.tier_needed}` : "";
    fact("logic", `${doc.logic.status}${tier}`);
  }
  if (doc.grade) fact("grade", `${doc.grade.level} ${doc.grade.name} (score ${doc.grade.score})`);
  if (doc.rules_used) {
    fact("rules used", Object.entries(doc.rules_used).map(([c, n]) => `${names[c] || c} ${n}`).join(", ") || "none");
  }
  if (doc.problems && doc.problems.length) fact("structure", doc.problems.join("; "));
  out.push(facts);
  return out;
}

function render() {
  if (!page.doc) return;
  drawBoard();
  const panel = $("panel");
  if (page.explanation) panel.replaceChildren(...explanationPanel());
  else if (page.hint) panel.replaceChildren(...hintPanel());
  else if (page.check) panel.replaceChildren(...checkPanel());
  else panel.replaceChildren();
  const hintButton = $("hint-button");
  const revealing = page.hint && page.hint.stage === 1 && page.hint.doc.status === "hint";
  hintButton.textContent = revealing ? "Hint: where and why" : "Hint";
  hintButton.classList.toggle("primary", Boolean(revealing));
  for (const id of ["hint-button", "check-button", "clear-button"]) $(id).disabled = Boolean(page.explanation);
  const warnings = page.doc.warnings.length ? ` Warning: ${page.doc.warnings.join("; ")}.` : "";
  $("source").textContent = `${page.doc.board.size}×${page.doc.board.size} board from ${page.doc.source}.${warnings}`;
}

// -- wiring ------------------------------------------------------------------------------

async function onHint() {
  if (page.hint && page.hint.stage === 1 && page.hint.doc.status === "hint") {
    page.hint.stage = 2;
    render();
    return;
  }
  const doc = await api("/api/hint", { board: page.doc.board.rows, state: picture(), source: page.doc.source });
  resetAdvice();
  page.hint = { doc, stage: 1 };
  render();
}

async function onExplain() {
  const doc = await api("/api/explain", { board: page.doc.board.rows, source: page.doc.source });
  resetAdvice();
  page.explanation = { doc, index: 0 };
  render();
}

async function onCheck() {
  const doc = await api("/api/check", { board: page.doc.board.rows, source: page.doc.source });
  resetAdvice();
  page.check = doc;
  render();
}

function readsImages() {
  return Boolean(page.info) && page.info.readers.some((r) => r.suffixes.some((s) => IMAGE_SUFFIXES.includes(s)));
}

async function readImage(file, name) {
  if (!readsImages()) {
    throw new Error("reading screenshots needs the queens-read-image package: pip install queens-read-image, then restart queens serve");
  }
  await readBoard(file, name, file.type || "application/octet-stream");
}

function onPaste(event) {
  const items = Array.from(event.clipboardData ? event.clipboardData.items : []);
  const image = items.find((item) => item.kind === "file" && item.type.startsWith("image/"));
  if (image) {
    event.preventDefault();
    const file = image.getAsFile();
    const suffix = `.${(file.type.split("/")[1] || "png").replace("jpeg", "jpg")}`;
    run(() => readImage(file, `pasted${suffix}`));
    return;
  }
  if (event.target === $("board-text")) return; // typing in the box: Load reads it
  const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
  if (text.trim()) {
    event.preventDefault();
    run(() => readBoard(text, "pasted text", "text/plain; charset=utf-8"));
  }
}

async function start() {
  $("board").addEventListener("click", onCellClick);
  $("hint-button").addEventListener("click", () => run(onHint));
  $("explain-button").addEventListener("click", () => run(onExplain));
  $("check-button").addEventListener("click", () => run(onCheck));
  $("clear-button").addEventListener("click", () => {
    page.marks.fill(EMPTY);
    resetAdvice();
    render();
  });
  $("load-button").addEventListener("click", () => run(() => readBoard($("board-text").value, "the text box", "text/plain; charset=utf-8")));
  $("upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) run(() => readBoard(file, file.name, file.type || "application/octet-stream"));
  });
  $("new-button").addEventListener("click", () => run(newBoard));
  const toggle = $("letters-toggle");
  toggle.addEventListener("change", () => {
    page.letters = toggle.checked;
    render();
  });
  document.addEventListener("paste", onPaste);
  await run(async () => {
    page.info = await api("/api/info");
    const [smallest, largest] = page.info.generate.sizes;
    for (let n = smallest; n <= largest; n++) {
      const option = el("option", { value: String(n) }, `${n}×${n}`);
      option.selected = n === 8;
      $("new-size").append(option);
    }
    for (const grade of page.info.generate.grades) $("new-grade").append(el("option", { value: grade }, grade));
    const images = readsImages();
    $("upload").accept = page.info.readers.flatMap((r) => r.suffixes).join(",");
    $("paste-note").textContent = images
      ? "Ctrl-V anywhere pastes a board's text or a screenshot."
      : "Ctrl-V anywhere pastes a board's text. (Screenshots too, once queens-read-image is installed.)";
    await readBoard(EXAMPLE, "the example (archive board 353)", "text/plain; charset=utf-8");
  });
}

document.addEventListener("DOMContentLoaded", start);
