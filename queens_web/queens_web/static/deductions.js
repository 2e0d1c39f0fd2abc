// The player's panels: every step the rules can take now, why a cell is what it is, a
// tentative queen (star) and what follows from it, and practice boards from the Rules
// panel. A classic script loaded after page.js, whose top-level names it shares (page,
// $, el, api, run, render, change, setMark, showBoard, picture, ...).
"use strict";

const deductionsState = {
  steps: null, // the queens-steps/1 document shown, or null
  why: null, // the queens-why/1 document shown, or null
  trial: null, // {doc, cell}: the queens-what-if/1 document of a tentative piece, or null
  asking: false, // a question is out: the three buttons wait for its answer
  picking: null, // "why" or "what-if" while the player picks the cell to ask about
};

const ASK_BUTTONS = ["all-steps-button", "why-button", "what-if-button"];

// One question at a time: the buttons wait while it is out (a why on a big board takes
// seconds), a line says what is being worked out, and an answer that comes back after
// the player changed the position is not shown as if it were about the new one.
async function ask(path, body, working) {
  if (deductionsState.asking) return null;
  deductionsState.asking = true;
  const line = $("deductions-working");
  line.textContent = working;
  line.hidden = false;
  for (const id of ASK_BUTTONS) $(id).disabled = true;
  const asked = JSON.stringify(positionRequest());
  try {
    const doc = await api(path, body);
    if (JSON.stringify(positionRequest()) !== asked) {
      throw new Error("the position changed while the answer was worked out: ask again");
    }
    return doc;
  } finally {
    deductionsState.asking = false;
    line.hidden = true;
    for (const id of ASK_BUTTONS) $(id).disabled = Boolean(page.explanation) || (Boolean(page.won) && id !== "why-button");
  }
}

// What the server is told of the player's position: on a Queens board the player's own
// marks (a queen's crosses are taken as made), on a Star Battle board with auto-✕'s.
const positionRequest = () => ({ ...boardRequest(), state: stars() === 1 ? picture(page.marks) : picture() });
// The most steps of a why shown at once (as `queens why` prints them).
const WHY_SHOWN = 12;
const pieceWord = () => (stars() > 1 ? "star" : "queen");

function stepItem(step) {
  const item = el("li", { "data-rule": step.rule },
    el("span", { class: "rule" }, step.rule_name), " — ",
    el("span", { class: "cells" }, headline(step)));
  item.append(el("div", { class: "why" }, step.why));
  return item;
}

function deductionsPanel() {
  const out = [];
  if (deductionsState.steps) {
    const doc = deductionsState.steps;
    out.push(el("h2", {}, "Every step now"));
    out.push(el("p", { id: "all-steps-message" }, playerWords(doc.message)));
    if (doc.steps.length) out.push(el("ol", { id: "all-steps" }, ...doc.steps.map(stepItem)));
  }
  if (deductionsState.why) {
    const doc = deductionsState.why;
    out.push(el("h2", {}, `Why ${label(doc.cell)}?`));
    out.push(el("p", { id: "why-message" }, playerWords(doc.message)));
    if (doc.chain.length > WHY_SHOWN) {
      // A long chain (a big Star Battle board): the steps the last leans on, each with
      // its number in the chain, and the whole chain folded away.
      const shown = doc.leaned_on.slice(-WHY_SHOWN);
      const which = shown.length < doc.leaned_on.length
        ? `the last ${shown.length} of the ${doc.leaned_on.length} steps` : "the steps";
      out.push(el("p", { id: "why-shown" },
        `Shown: ${which} that step ${doc.chain.length} leans on, each said of the position ` +
        "all the steps before it reach."));
      out.push(el("ol", { id: "why-chain" }, ...shown.map((index) => {
        const item = stepItem(doc.chain[index]);
        item.value = index + 1;
        return item;
      })));
      out.push(el("details", {}, el("summary", {}, `All ${doc.chain.length} steps`),
        el("ol", {}, ...doc.chain.map(stepItem))));
    } else if (doc.chain.length) {
      out.push(el("ol", { id: "why-chain" }, ...doc.chain.map(stepItem)));
    }
  }
  if (deductionsState.trial) {
    const { doc } = deductionsState.trial;
    out.push(el("h2", {}, `What if ${pieceWord() === "star" ? "a ★" : "a ♛"} on ${label(doc.cell)}?`));
    out.push(el("p", { id: "what-if-message" }, playerWords(doc.message)));
    if (doc.steps.length) {
      const list = el("ol", { id: "what-if-steps" }, ...doc.steps.map(stepItem));
      out.push(el("details", {}, el("summary", {}, doc.steps.length === 1 ? "The step" : `The ${doc.steps.length} steps`), list));
    }
    const row = el("div", { class: "nav" });
    if (doc.status !== "contradiction") {
      const keepIt = el("button", { id: "what-if-keep", type: "button", class: "primary" }, "Keep it");
      keepIt.addEventListener("click", keepTrial);
      row.append(keepIt);
    }
    const back = el("button", { id: "what-if-rollback", type: "button" }, doc.status === "contradiction" ? "Close" : "Roll back");
    back.addEventListener("click", rollBack);
    row.append(back);
    out.push(row);
  }
  return out;
}

function showDeductions() {
  const holder = $("deductions-panel");
  if (!holder) return;
  holder.replaceChildren(...deductionsPanel());
  const board = $("board");
  for (const cell of board.querySelectorAll(".cell[data-tentative]")) delete cell.dataset.tentative;
  if (!deductionsState.trial || deductionsState.trial.doc.status === "contradiction") return;
  const after = deductionsState.trial.doc.after;
  const mark = (cells, what) => {
    for (const [r, c] of cells) {
      const cell = board.querySelector(`.cell[data-row="${r}"][data-col="${c}"]`);
      if (cell && cell.dataset.mark === "empty") cell.dataset.tentative = what;
    }
  };
  mark(after.dead, "cross");
  mark(after.queens, pieceWord());
}

function clearDeductions() {
  stopPicking();
  deductionsState.steps = null;
  deductionsState.why = null;
  deductionsState.trial = null;
}

async function onAllSteps() {
  if (!page.doc || page.explanation || page.won) return;
  const doc = await ask("/api/steps", positionRequest(), "Listing every step now…");
  if (!doc) return;
  clearDeductions();
  deductionsState.steps = doc;
  countHelp("lists");
  showDeductions();
}

async function onWhy(cell = page.focus) {
  if (!page.doc || page.explanation) return;
  const asked = { ...positionRequest(), cell: cellOf(cell) };
  const doc = await ask("/api/why", asked, `Working out why ${label(cellOf(cell))} is what it is…`);
  if (!doc) return;
  clearDeductions();
  deductionsState.why = doc;
  if (!page.won) countHelp("whys"); // asked about a board already solved: no help
  showDeductions();
}

// "Every step now" and "Why this cell?" show what the rules deduce from the player's
// marks: a solve after them was not made alone, and its win, share line and records say
// so, as they do of hints (kept with the progress, so a reload does not forget them).
function countHelp(kind) {
  page[kind] += 1;
  saveProgress();
}

// Why a tentative piece cannot go on cell i, in the server's words, or null when it can:
// the page knows, and asks the server only about an open cell (a request refused with
// 400 for a click on a crossed cell left an error in the browser's console).
function notOpen(i) {
  const name = label(cellOf(i));
  const word = pieceWord();
  if (page.marks[i] === QUEEN) return `${name} already holds a ${word}; a tentative ${word} goes on an open cell`;
  // What the server is told: on a Star Battle board auto-✕'s crosses are marks too.
  if (page.marks[i] === CROSS || (stars() > 1 && autoCrosses().has(i))) {
    return `${name} is crossed out; a tentative ${word} goes on an open cell`;
  }
  const attacked = neighbours(i).some((j) => page.marks[j] === QUEEN)
    || units().some((unit) => unit.cells.includes(i)
      && unit.cells.filter((j) => page.marks[j] === QUEEN).length >= stars());
  return attacked ? `${name} is ruled out by the ${word}s already placed; a tentative ${word} goes on an open cell` : null;
}

async function onWhatIf(cell = page.focus) {
  if (!page.doc || page.explanation || page.won) return;
  const refused = notOpen(cell);
  if (refused) throw new Error(refused);
  const asked = { ...positionRequest(), cell: cellOf(cell) };
  const doc = await ask("/api/what-if", asked, `Trying a ${pieceWord()} on ${label(cellOf(cell))}…`);
  if (!doc) return;
  clearDeductions();
  deductionsState.trial = { doc, cell };
  showDeductions();
}

// Keeping a trial is one change (one undo step): the tentative piece and everything the
// rules derived from it become the player's marks.
function keepTrial() {
  const trial = deductionsState.trial;
  if (!trial) return;
  deductionsState.trial = null;
  page.kept += 1; // help, as a hint is: the win and the records say so
  change(() => {
    for (const cell of trial.doc.after.queens) setMark(index(cell), QUEEN);
    for (const cell of trial.doc.after.dead) if (page.marks[index(cell)] === EMPTY) setMark(index(cell), CROSS);
  });
  showDeductions();
}

function rollBack() {
  deductionsState.trial = null;
  showDeductions();
}

async function practiseRule(rule, button) {
  await busy(button, async () => {
    const doc = await api("/api/practise", { rule: rule.counter });
    // A practice board starts where the hint points at the rule: no progress of an
    // earlier visit is kept over it.
    keep(boardKey(doc), null);
    // "8×8 board to practise X on", not "8×8 board from a board to practise X on".
    if (doc.source.startsWith("a board ")) doc.source = `${doc.board.size}×${doc.board.size} ${doc.source.slice(2)}`;
    showBoard(doc);
  });
}

// Why this cell? and What if? ask about a cell the player picks: pressed, the button waits
// for the next click or tap on a cell (or Enter or space on one, from the keyboard), which
// asks about it rather than marking it; Esc, or the button again, lets it go. (The keys
// w and t ask about the cell the keyboard is on at once.)
const PICK_WORDS = { why: "Why this cell?", "what-if": "What if?" };

function startPicking(what, event) {
  if (!page.doc || page.explanation || (what === "what-if" && page.won)) return;
  if (deductionsState.picking === what) {
    stopPicking();
    return;
  }
  stopPicking();
  deductionsState.picking = what;
  $(`${what}-button`).setAttribute("aria-pressed", "true");
  $("board").classList.add("picking");
  const line = $("deductions-working");
  line.textContent = what === "why"
    ? "Pick the cell to ask why: click or tap it (or move there and press Enter). Esc cancels."
    : `Pick the cell to try a ${pieceWord()} on: click or tap it (or move there and press Enter). Esc cancels.`;
  line.hidden = false;
  if (event && event.detail === 0) focusCell(page.focus); // pressed from the keyboard
}

function stopPicking() {
  const what = deductionsState.picking;
  if (!what) return;
  deductionsState.picking = null;
  $(`${what}-button`).setAttribute("aria-pressed", "false");
  $("board").classList.remove("picking");
  if (!deductionsState.asking) $("deductions-working").hidden = true;
}

function picked(i) {
  const what = deductionsState.picking;
  stopPicking();
  page.focus = i;
  run(() => (what === "why" ? onWhy(i) : onWhatIf(i)));
}

function wirePicking(board) {
  board.addEventListener("pointerdown", (event) => {
    if (!deductionsState.picking || event.button !== 0) return;
    const cell = event.target.closest ? event.target.closest("#board .cell") : null;
    if (!cell) return;
    event.preventDefault();
    event.stopPropagation(); // not a mark: page.js's own pointer handlers never see it
    picked(Number(cell.dataset.row) * size() + Number(cell.dataset.col));
  }, true);
  document.addEventListener("keydown", (event) => {
    if (!deductionsState.picking) return;
    const onCell = event.target.classList && event.target.classList.contains("cell");
    if (event.key === "Escape") stopPicking();
    else if (onCell && (event.key === "Enter" || event.key === " ")) picked(page.focus);
    else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
}

// The Rules panel's items get a "Practise this" button, for Queens and Star Battle rules
// alike (not for the rules whose steps are a placed piece's own crosses).
const plainRuleItem = ruleItem;
ruleItem = function (rule) { // eslint-disable-line no-global-assign
  const item = plainRuleItem(rule);
  if (rule.unpractisable) {
    // Searched for and never found first past the easier rules: said, not offered.
    item.append(" ", el("span", { class: "note practise-none" }, `Not offered for practice: ${rule.unpractisable}.`));
  } else if (rule.counting !== "placement") {
    const button = el("button", { type: "button", class: "small practise", "aria-label": `Practise ${rule.display_name}` }, "Practise this");
    button.addEventListener("click", () => run(() => practiseRule(rule, button)));
    item.append(" ", button);
  }
  return item;
};

// Each render of the page redraws the board: the panel and a trial's marks are drawn
// again over it. A change of the marks makes the panel stale: it is closed.
const plainRender = render;
render = function () { // eslint-disable-line no-global-assign
  plainRender();
  // Every step now and What if? have nothing to do on a won board or while Explain shows
  // the solve (Why this cell? still answers for a won board): greyed out, not silent.
  const idle = deductionsState.asking || Boolean(page.explanation);
  $("all-steps-button").disabled = idle || Boolean(page.won);
  $("what-if-button").disabled = idle || Boolean(page.won);
  $("why-button").disabled = idle;
  showDeductions();
};
const plainResetAdvice = resetAdvice;
resetAdvice = function () { // eslint-disable-line no-global-assign
  plainResetAdvice();
  clearDeductions();
};

function wireDeductions() {
  const controls = el("div", { id: "deductions-controls", class: "row" });
  const all = el("button", { id: "all-steps-button", type: "button", "aria-keyshortcuts": "a" }, "Every step now");
  all.addEventListener("click", () => run(onAllSteps));
  controls.append(all);
  for (const [what, key] of [["why", "w"], ["what-if", "t"]]) {
    const button = el("button", { id: `${what}-button`, type: "button", "aria-keyshortcuts": key, "aria-pressed": "false" }, PICK_WORDS[what]);
    button.addEventListener("click", (event) => startPicking(what, event));
    controls.append(button);
  }
  const working = el("p", { class: "note", id: "deductions-working", role: "status", hidden: "" });
  const holder = el("div", { id: "deductions-panel", "aria-live": "polite" });
  $("panel").after(controls, working, holder);
  wirePicking($("board"));
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !page.doc || page.explanation) return;
    const onCell = event.target.classList && event.target.classList.contains("cell");
    const key = event.key.toLowerCase();
    if (key === "a" && !["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) run(onAllSteps);
    else if (onCell && key === "w") run(() => onWhy(page.focus));
    else if (onCell && key === "t") run(() => onWhatIf(page.focus));
    else return;
    event.preventDefault();
  });
}

document.addEventListener("DOMContentLoaded", wireDeductions);
