"use strict";
// Records, kept in the browser: for each board solved, its first, best and last solve
// (time, the help had: hints, lists of every step, cells asked why, What-ifs kept,
// whether Explain was seen); the dates of the boards of the day solved,
// for the streak; statistics over them; export to a file and import from one. And the
// page's own settings around them: the how-to-play panel of a first visit, the theme.
// A classic script loaded after page.js: it shares page.js's top-level names (page, el,
// load, keep, minutes, ...) and page.js calls recordWin, recordLines, howToPanel and
// showRecords.

const RECORDS_SCHEMA = "queens-records/2";
// Records of /1 did not count "Every step now" and "Why this cell?": read and imported,
// their solves keep what they counted and say the rest was not counted (no "lists" and
// "whys" in them), never that they were made alone.
const OLD_RECORDS_SCHEMA = "queens-records/1";
const GRADE_ORDER = ["Easy", "Medium", "Hard", "Expert", "Fiendish"];
const UNGRADED = "ungraded";

const recordKey = (doc) => `${doc.stars || 1}/${doc.board.rows.join("/")}`;
let recordsMemo = null; // the records as last read or written, so a redraw reads no storage

function emptyRecords() {
  return { schema: RECORDS_SCHEMA, boards: {}, daily: [] };
}

const isDate = (value) => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
const isCount = (value) => Number.isInteger(value) && value >= 0;

function isSolve(solve) {
  return Boolean(solve) && typeof solve === "object" && typeof solve.at === "string" && !Number.isNaN(Date.parse(solve.at))
    && Number.isFinite(solve.ms) && solve.ms >= 0 && isCount(solve.hints)
    && ["kept", "lists", "whys"].every((k) => solve[k] === undefined || isCount(solve[k]));
}

function isEntry(entry) {
  return Boolean(entry) && typeof entry === "object" && isCount(entry.size) && entry.size > 0 && isCount(entry.stars)
    && isCount(entry.solves) && entry.solves > 0 && ["first", "best", "last"].every((k) => isSolve(entry[k]))
    && (entry.grade === null || typeof entry.grade === "string") && typeof entry.title === "string";
}

const isRecords = (doc) => Boolean(doc) && [RECORDS_SCHEMA, OLD_RECORDS_SCHEMA].includes(doc.schema)
  && Boolean(doc.boards) && typeof doc.boards === "object" && Array.isArray(doc.daily);

// Records of /1 as /2: the same solves, whose lists and whys stay unknown.
const upgraded = (doc) => ({ ...doc, schema: RECORDS_SCHEMA });

function readRecords() {
  if (recordsMemo) return recordsMemo;
  const saved = load("records");
  recordsMemo = isRecords(saved) ? upgraded(saved) : emptyRecords();
  return recordsMemo;
}

function writeRecords(records) {
  recordsMemo = records;
  keep("records", records);
}

// A solve beats another by being made without Explain, then by time, then by less help
// (hints, lists of every step, cells asked why and What-ifs kept; what a record made
// before it was counted does not say counts as none).
const solveRank = (solve) => [solve.explained ? 1 : 0, solve.ms,
  solve.hints + (solve.kept || 0) + (solve.lists || 0) + (solve.whys || 0)];

function better(a, b) {
  const [x, y] = [solveRank(a), solveRank(b)];
  for (let k = 0; k < x.length; k++) if (x[k] !== y[k]) return x[k] < y[k];
  return false;
}

// Called by page.js once a board is won: the solve joins the board's record, and a board
// of the day its date to the streak.
function recordWin() {
  const records = readRecords();
  const doc = page.doc;
  const key = recordKey(doc);
  const solve = {
    at: new Date().toISOString(),
    ms: Math.round(page.won.elapsed),
    hints: page.won.hints,
    kept: page.won.kept || 0,
    lists: page.won.lists || 0,
    whys: page.won.whys || 0,
    explained: Boolean(page.won.explained),
  };
  const entry = records.boards[key] || { title: boardTitle(), size: size(), stars: stars(), grade: null, solves: 0 };
  entry.grade = (page.verdict && page.verdict.grade) || doc.grade || entry.grade || null;
  entry.solves += 1;
  entry.first = entry.first || solve;
  entry.last = solve;
  if (!entry.best || better(solve, entry.best)) entry.best = solve;
  records.boards[key] = entry;
  if (isDate(doc.date) && !records.daily.includes(doc.date)) records.daily = [...records.daily, doc.date].sort();
  page.won.at = solve.at; // this solve, to tell it among the record's
  writeRecords(records);
}

// -- the streak ----------------------------------------------------------------------------

function dayString(date) {
  return [date.getFullYear(), date.getMonth() + 1, date.getDate()].map((x) => String(x).padStart(2, "0")).join("-");
}

function nextDay(day, delta) {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

// The current streak (boards of the day solved on consecutive days up to today, or up
// to yesterday while today's is still to play) and the longest there has been.
function streaks(dates, today = dayString(new Date())) {
  const solved = new Set(dates);
  let current = 0;
  for (let day = solved.has(today) ? today : nextDay(today, -1); solved.has(day); day = nextDay(day, -1)) current += 1;
  let best = 0;
  for (const start of solved) {
    if (solved.has(nextDay(start, -1))) continue;
    let length = 0;
    for (let day = start; solved.has(day); day = nextDay(day, 1)) length += 1;
    best = Math.max(best, length);
  }
  return { current, best };
}

function streakWords() {
  const { current, best } = streaks(readRecords().daily);
  const days = (n) => `${n} day${n === 1 ? "" : "s"}`;
  if (!best) return "No streak yet: solve the board of the day to start one.";
  return `Streak: ${days(current)} of boards of the day in a row (longest ${days(best)}).`;
}

// -- what the win panel and the Records section show ------------------------------------------

function dateWords(iso) {
  return new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}

function solveWords(solve) {
  const parts = helpParts(solve); // page.js
  // A solve recorded before lists of every step and cells asked why were counted.
  const uncounted = solve.lists === undefined ? "lists and whys not counted then" : "";
  const help = [parts.length ? "" : "no hints", ...parts, solve.explained ? "explained" : "", uncounted];
  return `${minutes(solve.ms)} (${help.filter(Boolean).join(", ")}, ${dateWords(solve.at)})`;
}

function boardRecordLines(entry) {
  // Solved once, the best, first and last solve are one: said once.
  if (entry.solves === 1) {
    return [
      el("dt", {}, "time"), el("dd", { id: "record-best" }, solveWords(entry.best)),
      el("dt", {}, "solved"), el("dd", { id: "record-solves" }, "1 time"),
    ];
  }
  return [
    el("dt", {}, "best"), el("dd", { id: "record-best" }, solveWords(entry.best)),
    el("dt", {}, "first"), el("dd", { id: "record-first" }, solveWords(entry.first)),
    el("dt", {}, "last"), el("dd", { id: "record-last" }, solveWords(entry.last)),
    el("dt", {}, "solved"), el("dd", { id: "record-solves" }, `${entry.solves} time${entry.solves > 1 ? "s" : ""}`),
  ];
}

// The record under the win message: this board's best, first and last, and the streak
// after a board of the day.
function recordLines() {
  const entry = readRecords().boards[recordKey(page.doc)];
  if (!entry) return [];
  const thisOne = page.won && page.won.at;
  const out = [el("h3", { id: "record-heading" }, "Your record on this board")];
  if (thisOne && entry.best.at === thisOne && entry.solves > 1) out.push(el("p", { id: "record-news" }, "A new best!"));
  out.push(el("dl", { id: "record" }, ...boardRecordLines(entry)));
  if (page.doc.date) out.push(el("p", { id: "win-streak" }, streakWords()));
  return out;
}

const median = (values) => {
  const sorted = values.slice().sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function gradesOf(entries) {
  const known = new Set(entries.map((e) => e.grade || UNGRADED));
  const order = [...GRADE_ORDER, ...[...known].filter((g) => !GRADE_ORDER.includes(g) && g !== UNGRADED).sort(), UNGRADED];
  return order.filter((g) => known.has(g));
}

// Boards solved by size (and stars) and grade; and the median time of each grade, over
// the boards' first solves (a board played again is quicker, and not a new board).
function statisticsTables(entries) {
  const grades = gradesOf(entries);
  const kinds = [...new Set(entries.map((e) => `${e.size}/${e.stars}`))]
    .map((k) => k.split("/").map(Number))
    .sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  const kindName = ([n, k]) => `${n}×${n}${k > 1 ? ` ${k}★` : ""}`;
  const head = el("tr", {}, el("th", { scope: "col" }, "size"), ...grades.map((g) => el("th", { scope: "col" }, g)));
  const rows = kinds.map(([n, k]) => el("tr", {}, el("th", { scope: "row" }, kindName([n, k])),
    ...grades.map((g) => el("td", { class: "count" },
      String(entries.filter((e) => e.size === n && e.stars === k && (e.grade || UNGRADED) === g).length)))));
  const solved = el("table", { id: "stats-solved" }, el("caption", {}, "Boards solved, by size and grade"),
    el("thead", {}, head), el("tbody", {}, ...rows));
  const timeRows = grades.map((g) => {
    const times = entries.filter((e) => (e.grade || UNGRADED) === g).map((e) => e.first.ms);
    return el("tr", {}, el("th", { scope: "row" }, g), el("td", { class: "count" }, minutes(median(times))),
      el("td", { class: "count" }, String(times.length)));
  });
  const medians = el("table", { id: "stats-median" }, el("caption", {}, "Median time of a first solve, by grade"),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "grade"), el("th", { scope: "col" }, "median"), el("th", { scope: "col" }, "boards"))),
    el("tbody", {}, ...timeRows));
  return [solved, medians];
}

let recordsShown = null; // what the Records section was last drawn for

// Called by page.js after each redraw: the Records section, drawn again only when the
// board or the records changed.
function showRecords(force = false) {
  const body = $("records-body");
  if (!body) return;
  const records = readRecords();
  const key = page.doc ? recordKey(page.doc) : "";
  if (!force && recordsShown && recordsShown.key === key && recordsShown.records === records && recordsShown.stamp === JSON.stringify(records.boards[key] || null)) return;
  recordsShown = { key, records, stamp: JSON.stringify(records.boards[key] || null) };
  const entries = Object.values(records.boards).filter(isEntry);
  const out = [el("p", { id: "streak" }, streakWords())];
  const entry = records.boards[key];
  out.push(el("h3", {}, "This board"));
  out.push(entry ? el("dl", { id: "board-record" }, ...boardRecordLines(entry)) : el("p", { id: "board-record", class: "note" }, "Not solved here yet."));
  out.push(el("h3", {}, "Statistics"));
  if (entries.length) out.push(...statisticsTables(entries));
  else out.push(el("p", { id: "stats-none", class: "note" }, "No board solved yet."));
  const exporter = el("button", { id: "export-records", type: "button", class: "small" }, "Export records");
  exporter.addEventListener("click", exportRecords);
  const importer = el("input", { id: "import-records", type: "file", accept: ".json,application/json" });
  importer.addEventListener("change", () => {
    const file = importer.files[0];
    if (file) run(() => importRecords(file));
  });
  out.push(el("div", { class: "row" }, exporter, el("label", { for: "import-records" }, "Import records: "), importer));
  out.push(el("p", { id: "records-note", class: "note", "aria-live": "polite" }, recordsNote));
  body.replaceChildren(...out);
}

let recordsNote = "Records stay in this browser; export them to keep them or move them.";

function exportRecords() {
  const text = JSON.stringify(readRecords(), null, 1);
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "queens-records.json" });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10000);
}

// Records from a file join those kept here: per board the earlier first solve, the later
// last, the better best; the boards of the day of both.
function mergeRecords(into, from) {
  let added = 0;
  let merged = 0;
  for (const [key, theirs] of Object.entries(from.boards)) {
    if (!isEntry(theirs)) continue;
    const ours = into.boards[key];
    if (!isEntry(ours)) {
      into.boards[key] = theirs;
      added += 1;
      continue;
    }
    merged += 1;
    if (Date.parse(theirs.first.at) < Date.parse(ours.first.at)) ours.first = theirs.first;
    if (Date.parse(theirs.last.at) > Date.parse(ours.last.at)) ours.last = theirs.last;
    if (better(theirs.best, ours.best)) ours.best = theirs.best;
    ours.solves = Math.max(ours.solves, theirs.solves);
    ours.grade = ours.grade || theirs.grade;
  }
  into.daily = [...new Set([...into.daily, ...from.daily.filter(isDate)])].sort();
  return { added, merged };
}

async function importRecords(file) {
  let from;
  try {
    from = JSON.parse(await file.text());
  } catch (err) {
    throw new Error(`${file.name} is not a records file: it is not JSON`);
  }
  if (!isRecords(from)) {
    throw new Error(`${file.name} is not a records file (${RECORDS_SCHEMA}), as Export records writes`);
  }
  const records = JSON.parse(JSON.stringify(readRecords()));
  const { added, merged } = mergeRecords(records, from);
  writeRecords(records);
  recordsNote = `Imported ${file.name}: ${added} board${added === 1 ? "" : "s"} added, ${merged} merged.`;
  showRecords(true);
  if (page.won) render();
}

// -- how to play ---------------------------------------------------------------------------

function howToPanel() {
  keep("seen-how-to", true);
  const k = page.doc ? stars() : 1;
  const mark = k > 1 ? "★" : "♛";
  const pieces = k > 1 ? `${k} stars` : "one queen";
  const done = el("button", { id: "how-to-done", type: "button", class: "primary" }, "Got it");
  done.addEventListener("click", () => {
    page.howTo = false;
    render();
    focusCell(page.focus);
  });
  // Everything the page has to say on how to play is here, in one place: the rule, the
  // marks, the help buttons and (where there is a keyboard) the keys.
  return [
    el("h2", { id: "how-to" }, "How to play"),
    el("p", {}, `Put ${pieces} in every row, every column and every colour region. No two may touch, not even diagonally.`),
    el("ul", { class: "how-to" },
      el("li", {}, `Click or tap a cell to cycle it: empty, ✕ (your note that nothing goes there), ${mark}. Drag across cells to ✕ them all.`),
      el("li", {}, "Undo and Redo take back any change; Clear empties the board."),
      el("li", {}, "Stuck? Hint first says where to look, then shows the step and why, then puts it on the board."),
      el("li", {}, "Explain walks through the whole solution; Check says whether the board has one solution and how hard it is."),
      el("li", {}, "Every step now lists what the rules can do from your marks; Why this cell? and What if? ask about a cell: press one, then pick the cell."),
      el("li", { id: "key-help" }, `Keys: arrows move · space cycles · x ✕ · q ${mark} · u undo · y redo · h hint · on a cell, w why and t what if · a every step now · ←/→ step through Explain, Esc leaves it.`),
      el("li", {}, "Your times, the help you had (hints, lists of every step, cells asked why, What-ifs kept) and the streak of boards of the day are kept under Records.")),
    done,
  ];
}

function wireRecords() {
  page.howTo = !load("seen-how-to");
  $("how-to-button").addEventListener("click", () => {
    if (!page.doc) return;
    resetAdvice();
    page.howTo = true;
    render();
    $("how-to-done").focus();
  });
  const choice = $("theme-choice");
  choice.value = themeChoice(); // theme.js
  choice.addEventListener("change", () => {
    keep("theme", choice.value);
    applyTheme(choice.value);
  });
  showRecords(true);
}

document.addEventListener("DOMContentLoaded", wireRecords);
