"use strict";
// The queens page: a game of Queens (or Star Battle, K stars a unit) with a timer, undo,
// live clash marking, auto-✕, drag to ✕, keyboard play and progress kept in the
// browser; and the solver's help through the server's JSON API (/api/): a staged hint,
// the whole explanation step by step, the check. Text from the server (rule names,
// sentences) is always inserted as text, never as markup.

const EMPTY = 0;
const CROSS = 1;
const QUEEN = 2;
const MARK_NAMES = ["empty", "cross", "queen"];
const SVG_NS = "http://www.w3.org/2000/svg";
const CROWN = "M22 78 L16 36 L36 56 L50 26 L64 56 L84 36 L78 78 Z M22 82 L78 82 L78 88 L22 88 Z";
const STAR = "M50 6 L62 38 L96 38 L68 59 L79 92 L50 72 L21 92 L32 59 L4 38 L38 38 Z";
const IMAGE_SUFFIXES = [".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp"];
const STORE = "queens/";

const page = {
  info: null,
  doc: null, // the board document (queens-web-board/1 or -generated/1)
  marks: [], // the player's own marks, one a cell: EMPTY, CROSS or QUEEN
  placed: [], // the cells of the player's queens, in the order they were placed
  past: [], // undo: earlier {marks, placed}
  future: [], // redo
  elapsed: 0, // milliseconds played before `since`
  since: null, // performance.now() when the clock last started, or null when stopped
  hints: 0, // hints asked for on this board
  kept: 0, // What-ifs kept on this board: the rules' marks put on it, help as a hint is
  lists: 0, // "Every step now" lists shown while playing: help, as a hint is
  whys: 0, // "Why this cell?" answers shown while playing: help, as a hint is
  notice: null, // a line for the panel after a hint took wrong marks off, until the next change
  explained: false, // whether Explain showed this board's solution
  won: null, // {elapsed, hints, kept, lists, whys, explained} once every unit holds its queens
  verdict: null, // what the check says of the board: {count, atLeast} or null
  hint: null, // {doc, stage}: 1 the nudge, 2 the step and its cells
  hintComing: null, // the hint request on its way, while it is
  explanation: null, // {doc, index}: index 0 is the empty board, N + 1 the summary
  check: null,
  focus: 0, // the cell keyboard play is on
  howTo: false, // whether the panel shows how to play (a first visit, or asked for)
  settings: { autoX: false, letters: false },
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children) node.append(child);
  return node;
}

function icon(path, cls) {
  const root = document.createElementNS(SVG_NS, "svg");
  root.setAttribute("viewBox", "0 0 100 100");
  root.setAttribute("aria-hidden", "true");
  const shape = document.createElementNS(SVG_NS, "path");
  shape.setAttribute("d", path);
  shape.setAttribute("class", cls);
  root.append(shape);
  return root;
}

const size = () => page.doc.board.size;
const stars = () => page.doc.stars || 1;
const label = ([r, c]) => `r${r + 1}c${c + 1}`;
const index = ([r, c]) => r * size() + c;
const cellOf = (i) => [Math.floor(i / size()), i % size()];
const regionAt = (i) => page.doc.board.rows[Math.floor(i / size())][i % size()];
const piece = () => (stars() > 1 ? "★" : "♛");

// -- the browser's memory: settings, the board last played, each board's progress -----

function load(key) {
  try {
    return JSON.parse(localStorage.getItem(STORE + key));
  } catch (err) {
    return null;
  }
}

function keep(key, value) {
  try {
    localStorage.setItem(STORE + key, JSON.stringify(value));
  } catch (err) {
    // Storage full or turned off: the game goes on, unremembered.
  }
}

const boardKey = (doc) => `progress/${doc.stars || 1}/${doc.board.rows.join("/")}`;

function saveProgress() {
  if (!page.doc) return;
  keep(boardKey(page.doc), {
    marks: page.marks.map((m) => ".xQ"[m]).join(""),
    placed: page.placed,
    elapsed: clock(),
    hints: page.hints,
    kept: page.kept,
    lists: page.lists,
    whys: page.whys,
    explained: page.explained,
    won: page.won,
  });
}

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

const boardRequest = () => ({ board: page.doc.board.rows, stars: stars(), source: page.doc.source });

// -- the clock ---------------------------------------------------------------------------

function clock() {
  return page.elapsed + (page.since === null ? 0 : performance.now() - page.since);
}

// The clock does not run while How to play is read (a first visit's reading is no part
// of the solve), nor while Explain shows the solve, the tab is hidden or the board won.
function startClock() {
  if (page.since === null && !page.won && !page.howTo && !document.hidden) page.since = performance.now();
}

function stopClock() {
  page.elapsed = clock();
  page.since = null;
}

function minutes(ms) {
  const seconds = Math.floor(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const mm = Math.floor((seconds % 3600) / 60);
  const ss = String(seconds % 60).padStart(2, "0");
  return hours ? `${hours}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

function showClock() {
  if (page.doc) $("timer").textContent = minutes(page.won ? page.won.elapsed : clock());
}

// -- the rules of the game, for clash marking, auto-✕ and the win ----------------------

// Every unit (rows, columns, regions) as {kind, name, cells}.
function units() {
  const n = size();
  const out = [];
  for (let r = 0; r < n; r++) out.push({ kind: "row", name: `row ${r + 1}`, cells: Array.from({ length: n }, (_, c) => r * n + c) });
  for (let c = 0; c < n; c++) out.push({ kind: "column", name: `column ${c + 1}`, cells: Array.from({ length: n }, (_, r) => r * n + c) });
  for (const letter of page.doc.board.regions) {
    const cells = [];
    for (let i = 0; i < n * n; i++) if (regionAt(i) === letter) cells.push(i);
    out.push({ kind: "region", name: regionName(letter), cells });
  }
  return out;
}

function regionName(letter) {
  const colour = page.doc.colour_names[letter];
  return colour ? `the ${colour} region` : `region ${letter}`;
}

function neighbours(i) {
  const n = size();
  const [r, c] = cellOf(i);
  const out = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const rr = r + dr;
      const cc = c + dc;
      if ((dr || dc) && rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
    }
  }
  return out;
}

// Clashes among the player's queens: too many in a unit, or two touching. Returns the
// queens that clash, the cells of the units (or rings) they clash in, one line each, and
// for each clashing queen its clashes in words (for its screen-reader label).
function clashes() {
  const queens = new Set();
  const area = new Set();
  const lines = [];
  const why = new Map();
  const say = (i, words) => why.set(i, [...(why.get(i) || []), words]);
  const k = stars();
  const pieces = k > 1 ? "stars" : "queens";
  for (const unit of units()) {
    const inUnit = unit.cells.filter((i) => page.marks[i] === QUEEN);
    if (inUnit.length > k) {
      inUnit.forEach((i) => queens.add(i));
      inUnit.forEach((i) => say(i, `${inUnit.length} ${pieces} in ${unit.name}`));
      unit.cells.forEach((i) => area.add(i));
      lines.push(`${inUnit.length} ${piece()} in ${unit.name} (${inUnit.map((i) => label(cellOf(i))).join(", ")})`);
    }
  }
  page.marks.forEach((mark, i) => {
    if (mark !== QUEEN) return;
    for (const j of neighbours(i)) {
      if (j > i && page.marks[j] === QUEEN) {
        queens.add(i);
        queens.add(j);
        say(i, `touches ${label(cellOf(j))}`);
        say(j, `touches ${label(cellOf(i))}`);
        area.add(i);
        neighbours(i).forEach((x) => area.add(x));
        lines.push(`${label(cellOf(i))} and ${label(cellOf(j))} touch`);
      }
    }
  });
  return { queens, area, lines, why };
}

// The cells auto-✕ crosses: every queen's neighbours, and the rest of each unit that
// holds its K queens.
function autoCrosses() {
  const crossed = new Set();
  if (!page.settings.autoX) return crossed;
  page.marks.forEach((mark, i) => {
    if (mark === QUEEN) neighbours(i).forEach((j) => crossed.add(j));
  });
  for (const unit of units()) {
    if (unit.cells.filter((i) => page.marks[i] === QUEEN).length >= stars()) unit.cells.forEach((i) => crossed.add(i));
  }
  page.marks.forEach((mark, i) => {
    if (mark !== EMPTY) crossed.delete(i);
  });
  return crossed;
}

// The marks as the solver sees them: the player's, with auto-✕'s crosses.
function playedMarks() {
  const marks = page.marks.slice();
  for (const i of autoCrosses()) marks[i] = CROSS;
  return marks;
}

function picture(marks = playedMarks()) {
  const n = size();
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(marks.slice(r * n, r * n + n).map((m) => ".xQ"[m]).join(""));
  return rows;
}

function isWon() {
  const queens = page.marks.filter((m) => m === QUEEN).length;
  return queens === size() * stars() && clashes().queens.size === 0;
}

// -- changing the marks: every change one undo step ----------------------------------------

function snapshot() {
  return { marks: page.marks.slice(), placed: page.placed.slice() };
}

function change(mutate) {
  if (!page.doc || page.explanation || page.won) return;
  const before = snapshot();
  mutate();
  if (page.marks.every((m, i) => m === before.marks[i])) return;
  page.past.push(before);
  page.future = [];
  afterChange();
}

function setMark(i, mark) {
  const was = page.marks[i];
  if (was === mark) return;
  page.marks[i] = mark;
  if (was === QUEEN) page.placed = page.placed.filter((j) => j !== i);
  if (mark === QUEEN) page.placed.push(i);
}

function afterChange() {
  resetAdvice();
  showError(null);
  page.howTo = false;
  startClock();
  if (isWon()) {
    stopClock();
    page.won = { elapsed: page.elapsed, hints: page.hints, kept: page.kept, lists: page.lists, whys: page.whys, explained: page.explained };
    recordWin(); // records.js
  }
  saveProgress();
  render();
}

function undo() {
  if (!page.past.length || page.explanation || page.won) return;
  page.future.push(snapshot());
  Object.assign(page, page.past.pop());
  afterChange();
}

function redo() {
  if (!page.future.length || page.explanation || page.won) return;
  page.past.push(snapshot());
  Object.assign(page, page.future.pop());
  afterChange();
}

// A click or space cycles empty → ✕ → ♛ → empty; an auto-✕ counts as a ✕.
function cycle(i) {
  const shown = playedMarks()[i];
  change(() => setMark(i, (shown + 1) % 3));
}

function toggle(i, mark) {
  const shown = playedMarks()[i];
  change(() => setMark(i, shown === mark ? EMPTY : mark));
}

function clearMarks() {
  change(() => {
    page.marks.fill(EMPTY);
    page.placed = [];
  });
}

// -- which board -------------------------------------------------------------------------

function resetAdvice() {
  page.notice = null;
  page.hint = null;
  page.explanation = null;
  page.check = null;
}

function showBoard(doc) {
  if (page.doc) saveProgress();
  stopClock();
  page.doc = doc;
  const n = doc.board.size;
  const saved = load(boardKey(doc));
  page.marks = new Array(n * n).fill(EMPTY);
  page.placed = [];
  page.elapsed = 0;
  page.hints = 0;
  page.kept = 0;
  page.lists = 0;
  page.whys = 0;
  page.explained = false;
  page.won = null;
  if (saved && typeof saved.marks === "string" && saved.marks.length === n * n) {
    page.marks = Array.from(saved.marks, (ch) => ".xQ".indexOf(ch)).map((m) => (m < 0 ? EMPTY : m));
    page.placed = (saved.placed || []).filter((i) => page.marks[i] === QUEEN);
    page.elapsed = Number(saved.elapsed) || 0;
    page.hints = Number(saved.hints) || 0;
    page.kept = Number(saved.kept) || 0;
    page.lists = Number(saved.lists) || 0;
    page.whys = Number(saved.whys) || 0;
    page.explained = Boolean(saved.explained);
    page.won = saved.won || null;
  } else if (doc.state) {
    for (const cell of doc.state.dead) page.marks[index(cell)] = CROSS;
    for (const cell of doc.state.queens) page.marks[index(cell)] = QUEEN;
  }
  page.marks.forEach((m, i) => {
    if (m === QUEEN && !page.placed.includes(i)) page.placed.push(i);
  });
  page.past = [];
  page.future = [];
  page.focus = 0;
  page.verdict = null;
  // The board in the text format every command reads: a Star Battle board under its
  // "stars: K" line, so that Load board again, or the text copied into a file, keeps K
  // (the rows alone read back as a Queens board).
  $("board-text").value = `${stars() > 1 ? `stars: ${stars()}\n` : ""}${doc.board.rows.join("\n")}`;
  if (page.info && [...$("new-stars").options].some((o) => Number(o.value) === stars())) {
    $("new-stars").value = String(stars()); // New board offers the game being played
    fillSizes();
  }
  keep("current", doc);
  resetAdvice();
  startClock();
  render();
  // A board asked for from further down the page (New board or a practice board on a
  // phone, the Rules panel at a desk scrolled down) changed out of sight: bring it in.
  const top = $("play").getBoundingClientRect().top;
  if (top < 0 || top > window.innerHeight / 2) $("play").scrollIntoView({ block: "start" });
  $("board").dataset.verdict = "pending";
  askVerdict(doc);
}

// Honesty: the check runs as soon as a board is shown, so that a board with no solution
// or several says so before any hint.
async function askVerdict(doc) {
  try {
    const check = await api("/api/check", { board: doc.board.rows, stars: doc.stars || 1, source: doc.source });
    if (page.doc !== doc) return;
    page.verdict = check.solutions ? { count: check.solutions.count, atLeast: check.solutions.at_least } : null;
    if (page.verdict && check.grade) page.verdict.grade = check.grade.name;
    render();
  } catch (err) {
    // The verdict is a courtesy: Check says why when asked.
  }
  if (page.doc === doc) $("board").dataset.verdict = page.verdict ? String(page.verdict.count) : "unknown";
}

function honesty() {
  const v = page.verdict;
  if (!v || v.count === 1) return null;
  if (v.count === 0) return "This board has no solution: no placement wins, and hints can only say so.";
  return `This board has ${v.atLeast ? "at least " : ""}${v.count} solutions: any one of them wins, and a hint cannot point to the one.`;
}

async function readBoard(data, name, type) {
  const params = new URLSearchParams();
  if (name) params.set("name", name);
  if ($("paste-stars").value) params.set("stars", $("paste-stars").value);
  const query = params.toString() ? `?${params}` : "";
  showBoard(await api(`/api/read${query}`, data, { raw: true, type }));
}

async function newBoard() {
  const body = { size: Number($("new-size").value), stars: Number($("new-stars").value) };
  if ($("new-grade").value && body.stars === 1) body.grade = $("new-grade").value;
  await busy("new-button", async () => {
    const doc = await api("/api/generate", body);
    if (doc.grade) doc.source = `${doc.source}, graded ${doc.level} ${doc.grade}`;
    showBoard(doc);
  });
}

async function dailyBoard() {
  const now = new Date();
  const date = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((x) => String(x).padStart(2, "0")).join("-");
  await busy("daily-button", async () => showBoard(await api("/api/daily", { date })), "Opening it…");
}

async function archiveBoard() {
  const typed = $("archive-number").value.trim();
  const number = Number(typed);
  if (!typed || !Number.isInteger(number)) throw new Error("type the number of a LinkedIn board, e.g. 353");
  await busy("archive-button", async () => showBoard(await api("/api/archive", { number })), "Opening it…");
}

// A button whose answer can take a second or more (a 12×12 2★ board, a practice board)
// says it is at work, in words, until the answer comes: greyed out alone, it looked dead.
async function busy(id, action, words = "Making a board…") {
  const button = typeof id === "string" ? $(id) : id;
  const label = button.textContent;
  // A button pressed from the keyboard loses the focus as it is greyed out (to the page's
  // start): it goes to the new board, brought into view, or back to the button.
  const hadFocus = document.activeElement === button;
  let done = false;
  button.disabled = true;
  button.textContent = words;
  button.setAttribute("aria-busy", "true");
  try {
    await action();
    done = true;
  } finally {
    button.disabled = false;
    button.textContent = label;
    button.removeAttribute("aria-busy");
    if (hadFocus && (!document.activeElement || document.activeElement === document.body)) {
      if (done && page.doc) focusCell(page.focus);
      else button.focus();
    }
  }
}

// An answer that takes more than a moment (Explain, Check or a hint on a large Star Battle
// board, several seconds) says so on its button, in words, until it comes: the page showed
// nothing at all meanwhile. A quick answer leaves the button as it was.
const SLOW_MS = 400;

async function slow(id, action, words) {
  const button = $(id);
  if (button.hasAttribute("aria-busy")) return action(); // already says it is at work
  const label = button.textContent;
  const timer = setTimeout(() => {
    button.textContent = words;
    button.setAttribute("aria-busy", "true");
    button.disabled = true;
  }, SLOW_MS);
  try {
    await action();
  } finally {
    clearTimeout(timer);
    if (button.hasAttribute("aria-busy")) {
      button.removeAttribute("aria-busy");
      button.textContent = label;
      button.disabled = false;
      render(); // the buttons' own words and states, for the position now
    }
  }
}

// -- what a step names: the units and cells of its reason ---------------------------------

// A step's detail is a list of (kind, value) pairs, e.g. ["column", 0, "region", 4] or
// ["cell", 9, "row", 5, "empty", [19, 22]]: the cells of every row, column, region and
// cell it names. A Star Battle detail nests such lists (["blocks", ["region", 4], [...]]):
// each is read the same way. Kinds the page does not know are passed over.
function reasonCells(detail) {
  const n = size();
  const cells = new Set();
  const add = (kind, value) => {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (!Number.isInteger(v)) continue;
      if (kind === "row" && v < n) for (let c = 0; c < n; c++) cells.add(v * n + c);
      else if (kind === "column" && v < n) for (let r = 0; r < n; r++) cells.add(r * n + v);
      else if (kind === "region" && v < page.doc.board.regions.length) {
        const letter = page.doc.board.regions[v];
        for (let i = 0; i < n * n; i++) if (regionAt(i) === letter) cells.add(i);
      } else if (kind === "cell" && v < n * n) cells.add(v);
    }
  };
  const kinds = { row: "row", rows: "row", column: "column", columns: "column", region: "region", regions: "region", cell: "cell", cells: "cell", empty: "cell" };
  const walk = (tokens) => {
    let kind = null;
    for (const token of tokens) {
      if (typeof token === "string") kind = kinds[token] || (token === "unit" ? kind : null);
      else if (Array.isArray(token) && typeof token[0] === "string") walk(token);
      else if (kind) add(kind, token);
    }
  };
  walk(Array.isArray(detail) ? detail : []);
  return cells;
}

// Where a nudge points: the place the step's reason is about, as the server found it
// (the hint document's focus). A row, column or region is named as the page names units
// ("the purple region"); lines taken together, regions and cells by the focus's words.
function nudgePlace(doc) {
  const focus = doc.focus;
  const cells = focus.cells.map(index);
  if (["row", "column", "region"].includes(focus.kind)) {
    const unit = units().find((u) => u.kind === focus.kind && u.cells.length === cells.length && cells.every((i) => u.cells.includes(i)));
    if (unit) return unit;
  }
  return { kind: focus.kind, name: focus.name, cells };
}

// -- drawing -------------------------------------------------------------------------------

function shown() {
  const n = size();
  const highlight = { place: [], kill: [], wrong: [], reason: [], nudge: [] };
  if (page.explanation) {
    const { doc, index: upto } = page.explanation;
    const marks = new Array(n * n).fill(EMPTY);
    doc.steps.slice(0, upto).forEach((step) => {
      if (step.placed) marks[index(step.placed)] = QUEEN;
      for (const cell of step.killed) marks[index(cell)] = CROSS;
    });
    const step = doc.steps[upto - 1];
    if (step && upto <= doc.steps.length) stepHighlight(step, highlight);
    return { marks, auto: new Set(), highlight, clash: { queens: new Set(), area: new Set(), lines: [], why: new Map() } };
  }
  const hint = page.hint;
  if (hint && hint.doc.status === "hint" && hint.doc.step) {
    if (hint.stage === 1) highlight.nudge.push(...nudgePlace(hint.doc).cells);
    else stepHighlight(hint.doc.step, highlight);
  }
  if (hint && hint.doc.wrong) {
    if (hint.stage === 1 && staged(hint)) highlight.nudge.push(...wrongUnit(hint.doc).cells);
    else highlight.wrong.push(...[...hint.doc.wrong.queens, ...hint.doc.wrong.dead].map(index));
  }
  return { marks: playedMarks(), auto: autoCrosses(), highlight, clash: clashes() };
}

function stepHighlight(step, highlight) {
  const changed = new Set();
  if (step.placed) {
    highlight.place.push(index(step.placed));
    changed.add(index(step.placed));
  }
  for (const cell of step.killed) {
    highlight.kill.push(index(cell));
    changed.add(index(cell));
  }
  for (const i of reasonCells(step.detail)) if (!changed.has(i)) highlight.reason.push(i);
}

// The row of the first wrong mark, which the first press of Hint names; null when the
// problem is a clash the board already shows.
function wrongUnit(doc) {
  const first = doc.status === "wrong" && doc.wrong ? [...doc.wrong.queens, ...doc.wrong.dead][0] : null;
  return first ? units().find((unit) => unit.kind === "row" && unit.cells.includes(index(first))) : null;
}

const staged = (hint) => hint.doc.status === "hint" || (hint.doc.status === "wrong" && wrongUnit(hint.doc) !== null);

// The player's own marks a wrong state's hint names (its wrong queens and crosses): what
// the press after naming them takes off the board.
function wrongMarks(doc) {
  if (doc.status !== "wrong" || !doc.wrong) return [];
  return [...doc.wrong.queens, ...doc.wrong.dead].map(index).filter((i) => page.marks[i] !== EMPTY);
}

function drawBoard() {
  const { board, colours } = page.doc;
  const n = board.size;
  const { marks, auto, highlight, clash } = shown();
  const lights = new Map();
  for (const [kind, cells] of Object.entries(highlight)) for (const i of cells) if (!lights.has(i)) lights.set(i, kind);
  const holder = $("board");
  holder.style.gridTemplateColumns = `repeat(${n}, minmax(0, 1fr))`;
  holder.style.gridTemplateRows = `repeat(${n}, minmax(0, 1fr))`;
  holder.setAttribute("aria-label", `${n}×${n} board, ${stars()} ${piece()} per row, column and region`);
  holder.setAttribute("aria-rowcount", String(n));
  holder.setAttribute("aria-colcount", String(n));
  // Whole pixels, since browsers round a fraction of a pixel each their own way: a line
  // inside a region is 1 px (the right and bottom of each cell), a wall between regions
  // 3 px (1 px on the top and left of one cell, 2 px on the bottom and right of the other).
  const side = (differs, near) => (differs ? (near ? "1px" : "2px") : near ? "0" : "1px");
  const rows = [];
  for (let r = 0; r < n; r++) {
    const row = el("div", { role: "row" });
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      const letter = board.rows[r][c];
      const differs = (rr, cc) => rr < 0 || rr >= n || cc < 0 || cc >= n || board.rows[rr][cc] !== letter;
      const mark = marks[i];
      const classes = ["cell"];
      if (clash.queens.has(i)) classes.push("clash");
      if (clash.area.has(i)) classes.push("clash-unit");
      if (lights.has(i)) classes.push("hl", `hl-${lights.get(i)}`);
      const colourName = page.doc.colour_names[letter];
      let what = mark === QUEEN ? (stars() > 1 ? "star" : "queen") : mark === CROSS ? "crossed out" : "empty";
      if (clash.why.has(i)) what += `, clashing: ${clash.why.get(i).join(", ")}`;
      const cell = el("div", {
        role: "gridcell",
        class: classes.join(" "),
        tabindex: i === page.focus ? "0" : "-1",
        "aria-label": `${label([r, c])}, ${colourName ? `${colourName} region` : `region ${letter}`}, ${what}`,
        "data-row": r,
        "data-col": c,
        "data-cell": label([r, c]),
        "data-region": letter,
        "data-mark": MARK_NAMES[mark],
      });
      if (auto.has(i)) cell.dataset.auto = "1";
      cell.style.background = colours[letter];
      cell.style.borderWidth = [
        side(differs(r - 1, c), true),
        side(differs(r, c + 1), false),
        side(differs(r + 1, c), false),
        side(differs(r, c - 1), true),
      ].join(" ");
      if (page.settings.letters) cell.append(el("span", { class: "letter", "aria-hidden": "true" }, letter));
      if (mark === QUEEN) cell.append(icon(stars() > 1 ? STAR : CROWN, "queen"));
      else if (mark === CROSS) cell.append(icon("M30 30 L70 70 M70 30 L30 70", auto.has(i) ? "cross auto" : "cross"));
      row.append(cell);
    }
    rows.push(row);
  }
  const hadFocus = holder.contains(document.activeElement);
  holder.replaceChildren(...rows);
  holder.classList.toggle("reading", Boolean(page.explanation));
  holder.classList.toggle("won", Boolean(page.won));
  if (hadFocus) focusCell(page.focus);
  $("clash-note").textContent = clash.lines.length ? `Clash: ${clash.lines.join("; ")}.` : "";
}

function focusCell(i) {
  page.focus = i;
  const cells = $("board").querySelectorAll(".cell");
  cells.forEach((cell, j) => cell.setAttribute("tabindex", j === i ? "0" : "-1"));
  if (cells[i]) cells[i].focus();
}

// -- the panel: win, hint, explanation, check ----------------------------------------------

function headline(step) {
  const parts = [];
  if (step.placed) parts.push(`${piece()} on ${label(step.placed)}`);
  if (step.killed.length) parts.push(`✕ on ${step.killed.map(label).join(" ")}`);
  return parts.join("; ");
}

// The key to the outlines a step draws on the board: only those it draws (a step that
// only crosses cells out had "placed" in its key, an outline the board did not show).
function legend(step) {
  const drawn = { place: [], kill: [], reason: [] };
  stepHighlight(step, drawn);
  const keys = [["place", "placed"], ["kill", "crossed out"], ["reason", "the cells the reason names"]]
    .filter(([kind]) => drawn[kind].length);
  const out = el("p", { class: "note legend" });
  keys.forEach(([kind, words], k) => out.append(...(k ? [" · "] : []), el("span", { class: `key ${kind}` }), ` ${words}`));
  return out;
}

// The nearest coloured square to a region's colour, for the spoiler-free share line,
// where the server did not give one emoji a region (a board kept from an older page).
function emoji(hex) {
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const light = (max + min) / 2;
  if (max - min < 0.12) return light > 0.75 ? "⬜" : light < 0.3 ? "⬛" : "🟫";
  let hue;
  if (max === r) hue = ((g - b) / (max - min) + 6) % 6;
  else if (max === g) hue = (b - r) / (max - min) + 2;
  else hue = (r - g) / (max - min) + 4;
  hue *= 60;
  if (hue < 15 || hue >= 330) return "🟥";
  if (hue < 42) return max - min < 0.35 && light < 0.6 ? "🟫" : "🟧";
  if (hue < 70) return "🟨";
  if (hue < 170) return "🟩";
  if (hue < 250) return "🟦";
  return "🟪";
}

function boardTitle() {
  const doc = page.doc;
  const game = stars() > 1 ? "Star Battle" : "queens";
  if (doc.number) return `${game} #${doc.number}`;
  if (doc.date) return `${game} of the day ${doc.date}`;
  return `${game} ${size()}×${size()}${stars() > 1 ? ` ${stars()}★` : ""}`;
}

/** The help a player had, one phrase a kind: hints asked for, "Every step now" lists
 * and "Why this cell?" answers seen, What-ifs kept (the rules' marks put on the board);
 * Explain is said by the callers, in their words. */
function helpParts(help) {
  const count = (n, one, many) => (n ? `${n} ${n > 1 ? many : one}` : "");
  return [
    count(help.hints, "hint", "hints"),
    count(help.lists, "list of every step", "lists of every step"),
    count(help.whys, "cell asked why", "cells asked why"),
    count(help.kept, "What-if kept", "What-ifs kept"),
  ].filter(Boolean);
}

/** How much help the player had, in a few words (helpParts, and Explain). */
function helpWords(won, none) {
  const parts = [...helpParts(won), won.explained ? "the solution explained" : ""].filter(Boolean);
  if (!parts.length) return none;
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

// The share line: the title, the time and the help had, then one symbol a piece in the
// order they were placed, a row of symbols a row of the board: each region's own emoji
// (one a region, from the server), or with `asText` its letter, for where emoji show as
// empty boxes.
function shareText(asText = false) {
  const { elapsed } = page.won;
  const help = helpWords(page.won, "no hints");
  const symbol = (letter) => (asText ? letter : (page.doc.emoji || {})[letter] || emoji(page.doc.colours[letter]));
  const squares = page.placed.map((i) => symbol(regionAt(i)));
  const lines = [];
  for (let k = 0; k < squares.length; k += size()) lines.push(squares.slice(k, k + size()).join(asText ? " " : ""));
  const mark = stars() > 1 ? "" : ` ${piece()}`; // the title already says K★
  return `${boardTitle()}${mark} ${minutes(elapsed)}, ${help}\n${lines.join("\n")}`;
}

function winPanel() {
  const { elapsed } = page.won;
  const copy = el("button", { id: "copy-button", type: "button" }, "Copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(shareText());
      copy.textContent = "Copied";
    } catch (err) {
      window.getSelection().selectAllChildren($("share"));
    }
  });
  const copyText = el("button", { id: "copy-text-button", type: "button" }, "Copy without emoji");
  copyText.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(shareText(true));
      copyText.textContent = "Copied, letters for colours";
    } catch (err) {
      $("share").textContent = shareText(true);
      window.getSelection().selectAllChildren($("share"));
    }
  });
  const again = el("button", { id: "again-button", type: "button" }, "Play it again");
  again.addEventListener("click", () => {
    page.won = null;
    page.marks.fill(EMPTY);
    page.placed = [];
    page.elapsed = 0;
    page.hints = 0;
    page.kept = 0;
    page.lists = 0;
    page.whys = 0;
    page.explained = false;
    page.past = [];
    page.future = [];
    page.since = null;
    startClock();
    saveProgress();
    render();
  });
  const helped = helpWords(page.won, "");
  const help = helped ? `with ${helped}` : "without a hint";
  return [
    el("h2", { id: "win-message" }, `Solved in ${minutes(elapsed)} ${help}!`),
    el("p", {}, `Share it (the colours of your ${stars() > 1 ? "stars" : "queens"}' regions in the order you placed them, not where they are):`),
    el("pre", { id: "share" }, shareText()),
    el("div", { class: "nav" }, copy, copyText, again),
    ...recordLines(), // records.js
  ];
}

// The server's sentences speak of "the state", the command line's word for a position;
// on the page the position is the player's own marks, and is called so.
function playerWords(message) {
  return String(message)
    .replace(/^The state is wrong: it disagrees/, "Your marks are wrong: they disagree")
    .replace(/^The state is wrong: no solution of the board agrees with it/, "Your marks are wrong: no solution of the board agrees with them")
    .replace("so no state of it can be right", "so no marks on it can be right");
}

function hintPanel() {
  const { doc, stage } = page.hint;
  const out = [el("h2", {}, "Hint")];
  const warning = honesty();
  if (warning) out.push(el("p", { class: "note", id: "hint-honesty" }, warning));
  if (doc.status === "wrong" && stage === 1 && staged(page.hint)) {
    out.push(el("p", { id: "hint-nudge" }, `Something is wrong in ${wrongUnit(doc).name}.`));
    out.push(el("p", { class: "note" }, "Press Hint again to see which mark."));
    return out;
  }
  if (doc.status !== "hint") {
    out.push(el("p", { id: "hint-message" }, playerWords(doc.message)));
    if (doc.wrong) out.push(el("p", { class: "note" }, "The cells named are outlined in red on the board."));
    const wrong = wrongMarks(doc);
    if (wrong.length) {
      const them = wrong.length > 1 ? "them" : "it";
      out.push(el("p", { class: "note", id: "hint-remove" }, `Press Hint again to take ${them} off the board.`));
    }
    return out;
  }
  const step = doc.step;
  if (stage === 1) {
    out.push(el("p", { id: "hint-nudge" }, `Look at ${nudgePlace(doc).name}.`));
    out.push(el("p", { id: "hint-technique" }, "Technique: ", el("span", { class: "rule" }, step.rule_name)));
    out.push(el("p", { class: "note" }, "Press Hint again to see the step and its cells."));
    return out;
  }
  out.push(el("p", { id: "hint-technique" }, "Technique: ", el("span", { class: "rule" }, step.rule_name)));
  out.push(el("p", { id: "hint-cells", class: "cells" }, headline(step)));
  out.push(el("p", { id: "hint-why", class: "why" }, step.why));
  out.push(legend(step));
  // One control applies it: the Hint button itself ("Hint: apply it"), as it took the
  // hint through its stages; a second button here would do the same.
  out.push(el("p", { class: "note", id: "hint-apply" }, "Press Hint again to put the step on the board."));
  return out;
}

function applyStep(step) {
  change(() => {
    if (step.placed) setMark(index(step.placed), QUEEN);
    for (const cell of step.killed) if (page.marks[index(cell)] === EMPTY) setMark(index(cell), CROSS);
  });
}

function explanationPanel() {
  const { doc, index: at } = page.explanation;
  const total = doc.steps.length;
  const out = [el("h2", {}, "Explanation")];
  const prev = el("button", { id: "prev-button", type: "button", "aria-keyshortcuts": "ArrowLeft" }, "◀ Previous");
  const next = el("button", { id: "next-button", type: "button", "aria-keyshortcuts": "ArrowRight" }, "Next ▶");
  const back = el("button", { id: "back-button", type: "button", "aria-keyshortcuts": "Escape" }, "Back to my marks");
  prev.disabled = at === 0;
  next.disabled = at > total;
  prev.addEventListener("click", () => stepExplanation(-1));
  next.addEventListener("click", () => stepExplanation(1));
  back.addEventListener("click", closeExplanation);
  const where = at === 0 ? "Start" : at > total ? "Summary" : `Step ${at} of ${total}`;
  out.push(el("div", { class: "nav" }, prev, el("span", { id: "step-count" }, where), next, back));
  if (at === 0) {
    // A board on which the rules find nothing (several solutions, say) has no first step.
    const opening = total === 0
      ? "The rules find no step from the empty board. Press Next (or →) for the summary."
      : total === 1
        ? "The solve from the empty board takes 1 step. Press Next (or →) to see it."
        : `The solve from the empty board takes ${total} steps. Press Next (or →) to see the first.`;
    out.push(el("p", { id: "explain-start" }, opening));
    if (total && !page.explained && !page.won) {
      out.push(el("p", { class: "note", id: "explain-cost" }, "Nothing is shown yet: once you see a step, a solve of this board says it had the solution explained."));
    }
  } else if (at <= total) {
    const step = doc.steps[at - 1];
    out.push(el("p", { id: "step-rule", class: "rule" }, step.rule_name));
    out.push(el("p", { id: "step-cells", class: "cells" }, headline(step)));
    out.push(el("p", { id: "step-why", class: "why" }, step.why));
    out.push(legend(step));
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

function stepExplanation(delta) {
  const ex = page.explanation;
  if (!ex) return;
  ex.index = Math.max(0, Math.min(ex.doc.steps.length + 1, ex.index + delta));
  // Its start shows nothing of the solution: a step seen is what makes a win "with the
  // solution explained" (Explain opened by mistake and closed costs nothing).
  if (ex.index > 0 && ex.doc.steps.length && !page.explained) {
    page.explained = true;
    saveProgress();
  }
  render();
}

function closeExplanation() {
  page.explanation = null;
  startClock();
  render();
}

function logicWords(logic) {
  if (logic.status === "solved") return "solved by the rules, with no guessing";
  if (logic.status === "contradiction") return `the rules reach a contradiction${logic.problem ? `: ${logic.problem}` : ""}`;
  const n = size() * stars();
  return `the rules stop with ${logic.queens_placed} of ${n} ${stars() > 1 ? "stars" : "queens"} placed and ${logic.cells_undecided} cells undecided`;
}

const TIERS = "(baseline, cheap, expensive)";

function tierWords(tier, needs) {
  if (tier === "baseline") return `baseline, the easiest of three ${TIERS}: the easiest rules solve it alone`;
  const need = needs ? `it needs ${needs}` : "it needs more than the easiest rules";
  if (tier === "cheap") return `cheap, the middle of three ${TIERS}: ${need}, but no expensive rule (those tried only once all the others are stuck)`;
  if (tier === "expensive") return `expensive, the hardest of three ${TIERS}: ${need}; expensive rules are tried only once all the others are stuck`;
  return tier;
}

function checkPanel() {
  const doc = page.check;
  const names = Object.fromEntries((page.info ? page.info.rules : []).map((r) => [r.counter, r.display_name]));
  const out = [el("h2", {}, "Check"), el("p", { id: "check-verdict", class: "rule" }, doc.message)];
  const facts = el("dl");
  const fact = (term, value) => facts.append(el("dt", {}, term), el("dd", {}, value));
  if (doc.size) fact("size", `${doc.size}×${doc.size}, ${stars()} ${piece()} per row, column and region`);
  if (doc.solutions) fact("solutions", `${doc.solutions.at_least ? "at least " : ""}${doc.solutions.count}`);
  if (doc.logic) {
    fact("logic", logicWords(doc.logic));
    // The tier is the command line's word (queens generate --tier): said with what it
    // means, for a player as for a designer who has not read the docs.
    const tier = doc.logic.tier_needed;
    if (tier) fact("tier needed", tierWords(tier, doc.grade ? doc.grade.needs : null));
  }
  if (doc.grade) {
    // Scores of different K are on different scales (on a Star Battle board the hard
    // rules count sixteen times their weight): say what a score can be compared with.
    const kind = stars() === 1 ? "Queens" : `${stars()}★`;
    fact("grade", `${doc.grade.level} ${doc.grade.name}; score ${doc.grade.score}, to compare with other ${kind} boards of this grade`);
  }
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
  panel.classList.toggle("won", Boolean(page.won) && !page.explanation);
  if (page.explanation) panel.replaceChildren(...explanationPanel());
  else if (page.hint) panel.replaceChildren(...hintPanel());
  else if (page.check) panel.replaceChildren(...checkPanel());
  else if (page.howTo) panel.replaceChildren(...howToPanel()); // records.js
  else if (page.won) panel.replaceChildren(...winPanel());
  else if (page.notice) panel.replaceChildren(el("p", { id: "hint-notice" }, page.notice));
  else panel.replaceChildren();
  if (panel.firstChild && !panel.querySelector("#how-to")) page.howTo = false; // seen, or past
  if (page.howTo) stopClock();
  else if (!page.explanation) startClock();
  const reading = Boolean(page.explanation);
  const hintButton = $("hint-button");
  const nudging = page.hint && page.hint.stage === 1 && staged(page.hint);
  const applying = page.hint && page.hint.stage === 2 && page.hint.doc.status === "hint";
  const removing = page.hint && page.hint.stage === 2 ? wrongMarks(page.hint.doc).length : 0;
  const wrongFirst = nudging && page.hint.doc.status === "wrong";
  hintButton.textContent = wrongFirst
    ? "Hint: show which mark"
    : nudging
      ? "Hint: show the step"
      : applying
        ? "Hint: apply it"
        : removing
          ? `Hint: take ${removing > 1 ? "them" : "it"} off`
          : "Hint";
  hintButton.disabled = reading || Boolean(page.won);
  $("check-button").disabled = reading;
  $("clear-button").disabled = reading || Boolean(page.won);
  $("undo-button").disabled = reading || Boolean(page.won) || !page.past.length;
  $("redo-button").disabled = reading || Boolean(page.won) || !page.future.length;
  const k = stars();
  $("kind").textContent = k > 1 ? `Star Battle: ${k} ★ per row, column and region` : "Queens: one ♛ per row, column and region";
  $("goal").textContent = k > 1
    ? `${k} ★ in every row, column and colour region; no two touching, not even diagonally.`
    : "One ♛ in every row, column and colour region; no two touching, not even diagonally.";
  const warning = honesty();
  $("honesty").textContent = warning || "";
  $("honesty").hidden = !warning;
  const warnings = page.doc.warnings.length ? ` Warning: ${page.doc.warnings.join("; ")}.` : "";
  const source = page.doc.source;
  // A made board's source names its size already ("new 10×10 2★ board (seed 1)").
  $("source").textContent = source.includes(`${size()}×${size()}`)
    ? `${source[0].toUpperCase()}${source.slice(1)}.${warnings}`
    : `${size()}×${size()} board from ${source}.${warnings}`;
  $("autox-words").textContent = `Auto-✕: cross out each ${piece()}'s neighbours, and the rest of every row, column and region that is full`;
  showClock();
  showRecords(); // records.js
}

// -- wiring --------------------------------------------------------------------------------

async function onHint() {
  // A press while a hint is on its way counts once it has come: two quick presses show
  // the hint and then its reason, as two slow ones do.
  if (page.hintComing) await page.hintComing.catch(() => null);
  if (!page.doc || page.explanation || page.won) return;
  const hint = page.hint;
  if (hint && hint.stage === 1 && staged(hint)) {
    hint.stage = 2;
    render();
    return;
  }
  if (hint && hint.stage === 2 && hint.doc.status === "hint") {
    applyStep(hint.doc.step);
    return;
  }
  const wrong = hint && hint.stage === 2 ? wrongMarks(hint.doc) : [];
  if (wrong.length) {
    // The third press after a wrong mark takes it off (one undo step), as the third
    // press of a hint applies it; the next press gives the hint from there.
    const cells = wrong.map((i) => label(cellOf(i))).join(", ");
    change(() => wrong.forEach((i) => setMark(i, EMPTY)));
    const them = wrong.length > 1 ? "the marks" : "the mark";
    const it = wrong.length > 1 ? "them" : "it";
    page.notice = `Took off ${them} on ${cells}: the board's solution disagrees with ${it}. Undo puts ${it} back; Hint gives the next step.`;
    render();
    return;
  }
  // On a Queens board, the player's own marks: the server takes a queen's crosses as
  // made, exactly those auto-✕ draws, and a wrong queen's automatic crosses are not the
  // player's mistakes to name. Auto-✕ also crosses a Star Battle unit once it holds its
  // stars, which the server does not take as made: there the crosses go with the marks.
  const state = stars() === 1 ? picture(page.marks) : picture();
  const coming = api("/api/hint", { ...boardRequest(), state });
  page.hintComing = coming;
  let doc;
  try {
    doc = await coming;
  } finally {
    if (page.hintComing === coming) page.hintComing = null;
  }
  resetAdvice();
  page.hints += 1;
  saveProgress();
  page.hint = { doc, stage: 1 };
  render();
}

async function onExplain() {
  const doc = await api("/api/explain", boardRequest());
  resetAdvice();
  stopClock();
  page.explanation = { doc, index: 0 };
  render();
}

async function onCheck() {
  const doc = await api("/api/check", boardRequest());
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
  if (["TEXTAREA", "INPUT"].includes(event.target.tagName)) return; // typing in a field
  const text = event.clipboardData ? event.clipboardData.getData("text/plain") : "";
  if (text.trim()) {
    event.preventDefault();
    run(() => readBoard(text, "pasted text", "text/plain; charset=utf-8"));
  }
}

// Mouse and touch: a press and release on one cell cycles it; a press dragged across
// cells crosses out every empty cell it passes (one undo step for the whole stroke).
function wirePointer(board) {
  let stroke = null;
  const cellAt = (event) => {
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const cell = target && target.closest ? target.closest("#board .cell") : null;
    return cell ? Number(cell.dataset.row) * size() + Number(cell.dataset.col) : null;
  };
  board.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || page.explanation || page.won) return;
    const i = cellAt(event);
    if (i === null) return;
    event.preventDefault();
    stroke = { start: i, last: i, dragging: false, before: null };
    page.focus = i;
  });
  board.addEventListener("pointermove", (event) => {
    if (!stroke) return;
    const i = cellAt(event);
    if (i === null || i === stroke.last) return;
    stroke.last = i;
    if (!stroke.dragging) {
      stroke.dragging = true;
      stroke.before = snapshot();
      if (playedMarks()[stroke.start] === EMPTY) setMark(stroke.start, CROSS);
    }
    if (playedMarks()[i] === EMPTY) setMark(i, CROSS);
    drawBoard();
  });
  const finish = (event) => {
    if (!stroke) return;
    const done = stroke;
    stroke = null;
    if (!done.dragging) {
      if (event.type === "pointerup") cycle(done.start);
      return;
    }
    if (page.marks.some((m, i) => m !== done.before.marks[i])) {
      page.past.push(done.before);
      page.future = [];
    }
    afterChange();
  };
  board.addEventListener("pointerup", finish);
  board.addEventListener("pointercancel", finish);
  board.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") finish(event);
  });
}

const MOVES = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey || !page.doc) return;
  const tag = event.target.tagName;
  if (["INPUT", "TEXTAREA", "SELECT"].includes(tag)) return;
  const onCell = event.target.classList && event.target.classList.contains("cell");
  const key = event.key;
  if (page.explanation) {
    if (key === "ArrowLeft" || key === "ArrowRight") stepExplanation(key === "ArrowLeft" ? -1 : 1);
    else if (key === "Escape") closeExplanation();
    else return;
    event.preventDefault();
    return;
  }
  if (onCell && MOVES[key]) {
    const n = size();
    const [dr, dc] = MOVES[key];
    const [r, c] = cellOf(page.focus);
    focusCell(Math.max(0, Math.min(n - 1, r + dr)) * n + Math.max(0, Math.min(n - 1, c + dc)));
  } else if (onCell && (key === " " || key === "Enter")) {
    cycle(page.focus);
  } else if (onCell && (key === "x" || key === "X")) {
    toggle(page.focus, CROSS);
  } else if (onCell && (key === "q" || key === "Q")) {
    toggle(page.focus, QUEEN);
  } else if (key === "u" || key === "U") {
    undo();
  } else if (key === "y" || key === "Y") {
    redo();
  } else if (key === "h" || key === "H") {
    run(() => slow("hint-button", onHint, "Finding a hint…"));
  } else {
    return;
  }
  event.preventDefault();
}

// A rule in the Rules panel: its name, tier and summary (deductions.js adds its one
// button, a board to practise it on).
function ruleItem(rule) {
  return el("li", { "data-rule": rule.counter }, el("strong", {}, rule.display_name),
    ` (${rule.tier}${rule.stars[1] === 1 ? ", Queens only" : rule.stars[0] > 1 ? ", Star Battle only" : ""}): `,
    el("span", { class: "summary" }, rule.summary), " ");
}

function fillSizes() {
  const k = Number($("new-stars").value);
  const sizes = [];
  if (k === 1) {
    const [smallest, largest] = page.info.generate.sizes;
    for (let n = smallest; n <= largest; n++) sizes.push(n);
  } else {
    sizes.push(...page.info.generate.stars[String(k)]);
  }
  const was = Number($("new-size").value) || (k === 1 ? 8 : 10);
  $("new-size").replaceChildren(...sizes.map((n) => el("option", { value: String(n) }, `${n}×${n}`)));
  $("new-size").value = String(sizes.includes(was) ? was : sizes.includes(10) && k > 1 ? 10 : sizes[0]);
  $("new-grade").disabled = k > 1;
  $("new-grade-note").hidden = k === 1; // a greyed-out menu says why
}

function wireSettings() {
  const saved = load("settings") || {};
  page.settings.autoX = Boolean(saved.autoX);
  page.settings.letters = Boolean(saved.letters);
  for (const [id, key] of [["autox-toggle", "autoX"], ["letters-toggle", "letters"]]) {
    const box = $(id);
    box.checked = page.settings[key];
    box.addEventListener("change", () => {
      page.settings[key] = box.checked;
      keep("settings", page.settings);
      if (page.doc) render();
    });
  }
}

async function start() {
  const board = $("board");
  const note = el("p", { id: "clash-note", class: "note", "aria-live": "polite" });
  board.after(note);
  wirePointer(board);
  board.addEventListener("focusin", (event) => {
    const cell = event.target.closest(".cell");
    if (cell) page.focus = Number(cell.dataset.row) * size() + Number(cell.dataset.col);
  });
  document.addEventListener("keydown", onKey);
  $("undo-button").addEventListener("click", undo);
  $("redo-button").addEventListener("click", redo);
  $("clear-button").addEventListener("click", clearMarks);
  $("hint-button").addEventListener("click", () => run(() => slow("hint-button", onHint, "Finding a hint…")));
  $("explain-button").addEventListener("click", () => run(() => slow("explain-button", onExplain, "Explaining…")));
  $("check-button").addEventListener("click", () => run(() => slow("check-button", onCheck, "Checking…")));
  $("load-button").addEventListener("click", () => run(() => readBoard($("board-text").value, "the text box", "text/plain; charset=utf-8")));
  $("upload").addEventListener("change", (event) => {
    const file = event.target.files[0];
    if (file) run(() => readBoard(file, file.name, file.type || "application/octet-stream"));
  });
  $("new-button").addEventListener("click", () => run(newBoard));
  $("daily-button").addEventListener("click", () => run(dailyBoard));
  $("archive-button").addEventListener("click", () => run(archiveBoard));
  $("archive-number").addEventListener("keydown", (event) => {
    if (event.key === "Enter") run(archiveBoard);
  });
  $("new-stars").addEventListener("change", fillSizes);
  wireSettings();
  document.addEventListener("paste", onPaste);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) stopClock();
    else if (!page.explanation) startClock();
    saveProgress();
  });
  window.addEventListener("pagehide", saveProgress);
  setInterval(showClock, 500);
  await run(async () => {
    page.info = await api("/api/info");
    const starChoices = [1, ...Object.keys(page.info.generate.stars).map(Number)];
    $("new-stars").replaceChildren(...starChoices.map((k) => el("option", { value: String(k) }, k === 1 ? "1 ♛ (Queens)" : `${k} ★ (Star Battle)`)));
    for (const k of [1, 2, 3]) $("paste-stars").append(el("option", { value: String(k) }, k === 1 ? "1 ♛" : `${k} ★`));
    fillSizes();
    for (const grade of page.info.generate.grades) $("new-grade").append(el("option", { value: grade }, grade));
    $("rule-list").replaceChildren(...page.info.rules.map(ruleItem));
    $("upload").accept = page.info.readers.flatMap((r) => r.suffixes).join(",");
    $("paste-note").textContent = readsImages()
      ? "Ctrl-V anywhere pastes a board's text or a screenshot."
      : "Ctrl-V anywhere pastes a board's text. (Screenshots too, once queens-read-image is installed.)";
    // The board of a share link in the address (editor.js) before the board last played.
    if (typeof openSharedLink === "function" && (await openSharedLink())) return;
    const current = load("current");
    if (current && current.board && Array.isArray(current.board.rows)) showBoard(current);
    else await dailyBoard();
  });
}

document.addEventListener("DOMContentLoaded", start);
