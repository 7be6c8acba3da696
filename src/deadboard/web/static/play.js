// deadboard — the game page: the board, the decision, dice, log, undo, save/load, replay
"use strict";

const $ = (id) => document.getElementById(id);
const gid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
let token = decodeURIComponent((location.hash || "").replace(/^#/, ""));

const S = {
  page: null,        // the last page state from the server
  log: [],           // every event of our view, in order
  logRules: {},      // event kind -> the rulebook section it follows ({label, section})
  epoch: null,       // log epoch (changes on undo)
  pollId: 0,         // the current long poll (older ones stop)
  sending: false,
  shownViewer: null, // hot-seat: whose board the curtain last revealed
  logViewer: null,   // whose view the log on the page is of
  curtained: null,   // hot-seat: the page held back behind the curtain until its player asks
  refusal: null,     // the server's reason for refusing the last action sent, shown until the next
  pick: null,        // the board's picked choice (the drawing's "picks"), kept while it is offered
  replay: null,      // {step, steps, timer} while the replay viewer is open
  firstRender: true,
};

function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.classList.remove("hidden");
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => t.classList.add("hidden"), 5000);
}

function api(path, opts = {}) { return DB.api(path, opts, token); }

function logQuery() {
  const q = new URLSearchParams({ log_from: String(S.log.length) });
  if (S.epoch !== null) q.set("log_epoch", String(S.epoch));
  return q;
}

// ----- loading and waiting ---------------------------------------------------------------------
async function refresh() {
  const p = await api(`/api/games/${encodeURIComponent(gid)}?${logQuery()}`);
  render(p);
}

async function poll(rev) {
  const id = ++S.pollId;
  let failures = 0;
  while (id === S.pollId) {
    try {
      const q = logQuery();
      q.set("since", String(rev));
      const p = await api(`/api/games/${encodeURIComponent(gid)}?${q}`);
      if (id !== S.pollId) return;
      if (p.unchanged) continue;
      render(p);
      return;
    } catch (e) {
      if (id !== S.pollId) return;
      failures += 1;
      if (e.status === 403 || e.status === 404) { showFatal(e.message); return; }
      await new Promise((r) => setTimeout(r, Math.min(10000, 500 * failures)));
    }
  }
}

function showFatal(msg) {
  $("prompt").textContent = msg;
  $("prompt").classList.add("error");
  $("board").replaceChildren();
}

// ----- acting ----------------------------------------------------------------------------------
async function send(text) {
  if (S.sending || !S.page || S.replay) return;  // the replay viewer never acts on the live game
  closeMenu();
  S.sending = true;
  S.refusal = null;
  document.body.classList.add("sending");
  try {
    const body = { action: text, at: S.page.rev, log_from: S.log.length };
    if (S.epoch !== null) body.log_epoch = S.epoch;
    const p = await api(`/api/games/${encodeURIComponent(gid)}/actions`, { method: "POST", body });
    render(p);
  } catch (e) {
    // a refused action: the reason stays in the decision box (the rules' own words) until the next
    S.refusal = { action: text, message: e.message, rule: e.rule || null };
    toast(e.message);
    try { await refresh(); } catch (e2) { if (S.page) drawDecision(S.page); }
  } finally {
    S.sending = false;
    document.body.classList.remove("sending");
  }
}

// An action's button: its sentence; the action's own text (as a save or the terminal spells it) only
// in the complete list, and as the button's tooltip
function actionButton(a, onclick, withText = false) {
  return DB.el("button", { class: "act", type: "button", dataset: { action: a.text }, onclick: onclick || (() => send(a.text)), title: a.text },
    a.label, withText && a.label !== a.text ? DB.el("small", { text: a.text }) : null);
}

// Buttons, and one small form for each choice made of several parts (see choices.js)
function choiceItems(actions) {
  return Choices.group(actions).map((item) => (item.form ? Choices.render(item.form, send, actionButton) : actionButton(item.action)));
}

// ----- the menu of a clicked square, counter, door or card ---------------------------------------
function closeMenu() { $("menu").classList.add("hidden"); }

function openMenu(target, x, y) {
  const p = S.page;
  const texts = (p.drawing.targets || {})[target] || [];
  if (!texts.length) { closeMenu(); return; }
  const byText = Object.fromEntries(p.legal.map((a) => [a.text, a]));
  const menu = $("menu");
  const where = target.includes(":") ? target.split(":").slice(1).join(":") : target;
  menu.replaceChildren(DB.el("div", { class: "title", text: where }));
  menu.append(...choiceItems(texts.map((t) => byText[t] || { text: t, label: t })));
  menu.append(DB.el("button", { class: "small", onclick: closeMenu, text: "Cancel" }));
  menu.classList.remove("hidden");
  const w = menu.offsetWidth, h = menu.offsetHeight;
  menu.style.left = Math.max(8, Math.min(x + 8, window.innerWidth - w - 8)) + "px";
  menu.style.top = Math.max(8, Math.min(y + 8, window.innerHeight - h - 8)) + "px";
}


$("board").addEventListener("click", (e) => {
  if (S.replay || !S.page) return;
  const rotate = e.target.closest("[data-rotate]");
  if (rotate) { closeMenu(); rotatePick(rotate.dataset.rotate); return; }
  const el = e.target.closest("[data-target]");
  if (!el) { closeMenu(); return; }
  const picks = S.page.drawing.picks;
  const target = el.dataset.target;
  if (picks && picks[target]) { closeMenu(); S.pick = target; applyPick(S.page); return; }
  if (picks && S.pick && picks[S.pick] && picks[S.pick][target]) { send(picks[S.pick][target]); return; }
  openMenu(target, e.clientX, e.clientY);
});

// ----- a choice picked on the board before a click acts (the drawing's "picks") -------------------
// Zombie Dawn's zone turned one way: the pick is marked, the targets it can go to are the ones
// highlighted (each titled with the action a click takes), and it is shown faded at each of them
function applyPick(p) {
  const picks = p.drawing.picks;
  if (!picks) { S.pick = null; return; }
  if (!S.pick || !picks[S.pick]) S.pick = Object.keys(picks)[0];
  const chosen = picks[S.pick];
  const picked = new Set(Object.values(picks).flatMap((m) => Object.keys(m)));
  const label = Object.fromEntries(p.legal.map((a) => [a.text, a.label]));
  for (const el of $("board").querySelectorAll("[data-target]")) {
    const t = el.dataset.target;
    if (picks[t]) { el.classList.toggle("picked", t === S.pick); continue; }
    if (!picked.has(t)) continue;
    const action = chosen[t];
    el.classList.toggle("live", !!action);
    const title = el.querySelector("title");
    if (action) {
      el.dataset.action = action;
      if (title) title.textContent = label[action] || action;
    } else {
      delete el.dataset.action;
      if (title) title.textContent = "The zone as picked does not fit here: pick another rotation";
    }
  }
  for (const el of $("board").querySelectorAll("[data-preview]")) el.classList.toggle("shown", el.dataset.preview === S.pick);
  document.body.dataset.pick = S.pick;
}

function rotatePick(group) {
  const picks = S.page && S.page.drawing.picks;
  if (!picks) return;
  const order = [...$("board").querySelectorAll(`[data-pick-group="${CSS.escape(group)}"]`)]
    .map((el) => el.dataset.target).filter((t) => picks[t]);
  if (!order.length) return;
  const at = order.indexOf(S.pick);
  S.pick = order[(at + 1) % order.length];
  applyPick(S.page);
}
document.addEventListener("keydown", (e) => {
  if (e.key === "Escape") { closeMenu(); Rules.close(); }
  // "?" (or F1, as in the terminal) opens the rules, unless a field is being typed in
  if ((e.key === "?" || e.key === "F1") && !e.target.closest("input, textarea, select") && S.page) {
    e.preventDefault();
    if ($("rules").classList.contains("hidden")) Rules.open(S.page.game); else Rules.close();
  }
});
document.addEventListener("click", (e) => {
  // the path the click took as it was dispatched: a chip of a form redraws itself when clicked, so
  // by now the element clicked may no longer be inside the menu it was clicked in
  const inside = e.composedPath().some((n) => n.id === "menu" || n.id === "board");
  if (!inside) closeMenu();
});

// ----- drawing the page ------------------------------------------------------------------------
function drawBoard(drawing, live) {
  const board = $("board");
  if (drawing.svg) {
    board.innerHTML = drawing.svg;
    // fitted to its frame, the board sits at the top of it
    const svg = board.querySelector("svg.board");
    if (svg) svg.setAttribute("preserveAspectRatio", "xMidYMin meet");
    if (live) {
      for (const el of board.querySelectorAll("[data-target]")) {
        if (drawing.targets[el.dataset.target]) el.classList.add("live");
      }
    }
  } else {
    board.replaceChildren(DB.el("div", { class: "fallback-panels" }, ...drawing.panels.map(panelBox)));
  }
}

function panelBox(panel) {
  const box = DB.el("div", { class: "box" }, DB.el("h3", { text: panel.title }));
  if (panel.pre) {
    box.append(DB.el("pre", { text: panel.lines.join("\n") }));
  } else if (panel.lines && panel.lines.length) {
    const ul = DB.el("ul");
    for (const line of panel.lines) {
      if (typeof line === "string") ul.append(DB.el("li", { text: line }));
      else ul.append(DB.el("li", { class: line.cls || "", text: line.text }));
    }
    box.append(ul);
  }
  if (panel.svg) {
    const holder = DB.el("div");
    holder.innerHTML = panel.svg;
    box.append(holder);
  }
  return box;
}

function rollBox(ev, d, fresh) {
  const ok = d.success === true || d.hit === true;
  const bad = d.success === false || d.hit === false;
  const box = DB.el("div", { class: "roll" + (ok ? " ok" : bad ? " fail" : "") + (fresh ? " rolling" : ""), title: ev.text });
  if (d.label) box.append(DB.el("span", { class: "dim", text: d.label }));
  for (const v of d.values) box.append(DB.die(v));
  const cmp = [];
  if (d.total !== undefined) cmp.push("= " + d.total);
  if (d.need !== undefined) cmp.push("vs " + d.need + "+");
  if (d.against !== undefined) cmp.push("vs " + d.against);
  if (d.result !== undefined && typeof d.result === "string") cmp.push(d.result);
  if (cmp.length) box.append(DB.el("span", { text: cmp.join(" ") }));
  if (ok || bad) box.append(DB.icon(ok ? "check" : "cross"), DB.el("span", { class: "sr", text: ok ? "success" : "failure" }));
  return box;
}

function drawDice(events, fresh) {
  const rolls = [];
  for (const ev of events) for (const d of ev.dice || []) rolls.push([ev, d]);
  if (!rolls.length) return;
  const tray = $("tray");
  tray.replaceChildren(...rolls.slice(-6).map(([ev, d]) => rollBox(ev, d, fresh)));
}

// The rulebook section something follows, as a small button that opens the Rules panel at it
function ruleButton(rule, text) {
  return DB.el("button", { class: "ruleref", type: "button", title: `Rulebook ${rule.label} — in the quick reference: ${rule.section}`,
    "aria-label": `Rules: ${rule.label}`, dataset: { section: rule.section, label: rule.label },
    onclick: (e) => { e.stopPropagation(); if (S.page) Rules.open(S.page.game, rule.section, rule.label); } }, text);
}

function logItem(ev, fresh) {
  const li = DB.el("li", { class: (ev.kind || "") + (fresh ? " fresh" : "") });
  for (const d of ev.dice || []) for (const v of d.values) li.append(DB.die(v, true));
  li.append(document.createTextNode(ev.text));
  const rule = S.logRules[ev.kind];
  if (rule) li.append(" ", ruleButton(rule, "?"));
  return li;
}

function drawLog(events, reset, fresh) {
  const ol = $("events");
  const stick = ol.scrollTop + ol.clientHeight >= ol.scrollHeight - 30;
  for (const li of ol.querySelectorAll("li.fresh")) li.classList.remove("fresh");
  if (reset) ol.replaceChildren();
  const start = reset && events.length > 400 ? events.length - 400 : 0;
  // events of kind "trace" are the audit trail of the automated enemy (docs/api.md), not for players
  for (const ev of events.slice(start)) if (ev.kind !== "trace") ol.append(logItem(ev, fresh));
  while (ol.children.length > 600) ol.firstChild.remove();
  if (stick || reset) ol.scrollTop = ol.scrollHeight;
}

function drawDecision(p) {
  const box = $("decision");
  const prompt = $("prompt");
  prompt.classList.remove("error", "thinking");
  const buttons = $("buttons");
  const all = $("allactions");
  buttons.replaceChildren();
  all.replaceChildren();
  box.classList.toggle("yours", !!(p.decision && p.decision.yours));
  const d = p.decision;
  if (!d) {
    prompt.textContent = "The game is over.";
  } else if (d.yours) {
    const named = p.seats.length > 1 && !d.prompt.startsWith(d.name);
    prompt.textContent = (named ? d.name + ": " : "") + d.prompt;
    const byText = Object.fromEntries(p.legal.map((a) => [a.text, a]));
    buttons.append(...choiceItems(p.buttons.map((t) => byText[t])));
    if (!p.buttons.length) buttons.append(DB.el("span", { class: "dim", text: "Click a highlighted part of the board, or pick from All legal actions below." }));
    for (const a of p.legal) all.append(actionButton(a, null, true));
  } else {
    const who = d.player === "bot" ? `${d.name} (bot) is playing` : `Waiting for ${d.name}`;
    const what = d.prompt.startsWith(d.name + ": ") ? d.prompt.slice(d.name.length + 2) : d.prompt;
    prompt.textContent = `${who} — ${what}`;
    prompt.classList.add("thinking");
  }
  $("alldetails").classList.toggle("hidden", !(d && d.yours && p.legal.length));
  if (p.bot_error) buttons.append(DB.el("div", { class: "error", text: p.bot_error }));
  const refusal = $("refusal");
  refusal.classList.toggle("hidden", !S.refusal);
  if (S.refusal) {
    refusal.replaceChildren(DB.el("strong", { text: "Not allowed: " }), S.refusal.message,
      S.refusal.rule ? DB.el("div", {}, ruleButton(S.refusal.rule, `Read ${S.refusal.rule.label}`)) : null,
      DB.el("small", { text: S.refusal.action }));
  }
}

function drawBanner(p) {
  const b = $("banner");
  if (!p.outcome) { b.classList.add("hidden"); return; }
  const o = p.outcome;
  const names = p.seats.map((s) => s.name);
  const winners = o.winners.map((w) => names[w]).join(", ") || "nobody";
  const youWon = o.winners.some((w) => p.you.includes(w));
  // a page that plays one side speaks to it; a page that holds several seats (hot seat, or watching
  // bots) or none names the winners
  const oneSide = p.you.length === 1 || (p.seats.length === 1 && p.you.length > 0);
  const head = oneSide ? (youWon ? "You win!" : "You lose.")
    : o.winners.length ? `${winners} win${o.winners.length === 1 ? "s" : ""}!` : "Nobody wins.";
  b.className = "banner" + ((oneSide ? youWon : o.winners.length > 0) ? "" : " loss");
  const lines = [DB.el("h2", { text: head })];
  lines.push(DB.el("div", { text: `${o.reason ? o.reason + " — " : ""}winner: ${winners}` }));
  lines.push(Ending.breakdown(p));
  b.replaceChildren(...lines);
  if (p.campaign) drawCampaignNext(p, b);
  else if (p.you.length) b.append(Ending.again(p, toast));
}

// A chapter of a campaign is over: where the campaign goes from here (the next chapter, the same
// chapter again after a loss, or the end), for the browser that holds the campaign's key
async function drawCampaignNext(p, banner) {
  const key = DB.campaignToken(p.campaign);
  const row = DB.el("div", { class: "campaign-next" });
  banner.append(row);
  if (!key) {
    row.append(DB.el("a", { href: "/#campaigns", text: "Campaigns" }));
    return;
  }
  try {
    const c = await DB.api(`/api/campaigns/${encodeURIComponent(p.campaign)}`, {}, key);
    if (c.status === "chapter-over" && c.next) {
      const go = DB.el("button", { class: "primary", id: "nextchapter", type: "button",
        text: c.next.restart ? `Play ${c.next.name} again` : `Next chapter: ${c.next.name}` });
      go.addEventListener("click", async () => {
        go.disabled = true;
        try {
          const made = await DB.api(`/api/campaigns/${encodeURIComponent(p.campaign)}/next`, { method: "POST", body: {} }, key);
          location.assign(made.open);
        } catch (e) { toast(e.message); go.disabled = false; }
      });
      row.append(go, " ");
    } else if (c.status === "over") {
      row.append(DB.el("span", { text: "The campaign is over. " }));
    } else if (c.status === "playing" && c.play !== location.pathname + location.hash) {
      row.append(DB.el("a", { href: c.play, text: "The campaign goes on in its next game" }), " ");
    }
    row.append(DB.el("a", { href: "/#campaigns", text: "All campaigns" }));
  } catch (e) { row.append(DB.el("span", { class: "error", text: e.message })); }
}

function drawSeats(p) {
  const ul = $("seatlist");
  ul.replaceChildren(...p.seats.map((s) => DB.el("li", {
    class: p.decision && p.decision.seat === s.seat ? "hot" : "",
    text: `${s.name}: ${s.player === "bot" ? "bot " + s.bot : "person"}${p.you.includes(s.seat) && s.player !== "bot" ? " (you)" : ""}`,
  })));
}

function render(p) {
  closeMenu();
  let reset = p.log_from === 0 || p.log_epoch !== S.epoch;
  if (!reset && (p.log_from !== S.log.length || p.viewer !== S.logViewer)) {
    // an answer that crossed another one, or the log of another seat's view (hot seat): start
    // the log afresh, so that no seat's log is left on the page for the next
    S.log = [];
    S.epoch = null;
    S.logViewer = p.viewer;
    refresh().catch((e) => toast(e.message));
    return;
  }
  const fresh = !S.firstRender && !reset;
  if (reset) S.log = p.log.slice(); else S.log.push(...p.log);
  Object.assign(S.logRules, p.log_rules || {});
  S.epoch = p.log_epoch;
  S.logViewer = p.viewer;
  const previous = S.page;
  S.page = p;
  if (S.replay) return;  // the viewer stays on its step: the live game is drawn afresh when it closes
  document.title = `${p.name} — deadboard`;
  $("title").textContent = p.name + (p.seats.length > 1 ? ` · ${p.label}` : "");
  // for scripts and tests: what this page shows now
  document.body.dataset.rev = String(p.rev);
  document.body.dataset.steps = String(p.steps);
  document.body.dataset.decision = p.decision ? p.decision.kind : "over";
  document.body.dataset.yours = String(!!(p.decision && p.decision.yours));
  if (!p.decision || !p.decision.yours) poll(p.rev);
  else S.pollId += 1;
  if (hotSeatCurtain(p, previous)) { S.firstRender = false; return; }
  drawPage(p, reset, fresh);
}

// The live game as the page shows it
function drawPage(p, reset, fresh) {
  $("caption").textContent = p.drawing.caption || "";
  $("caption").title = p.drawing.caption || "";
  drawBoard(p.drawing, true);
  applyPick(p);
  $("panels").replaceChildren(...(p.drawing.svg ? p.drawing.panels : []).map(panelBox));
  drawDecision(p);
  drawLog(reset ? S.log : p.log, reset, fresh);
  drawDice(fresh ? p.log : S.log.slice(-12), fresh);
  drawBanner(p);
  drawSeats(p);
  $("undo").disabled = !p.can_undo;
  $("save").disabled = !p.can_save;
  $("hint").classList.toggle("hidden", !(p.capabilities && p.capabilities.hint));
  $("campaignlink").classList.toggle("hidden", !p.campaign);
  $("hint").disabled = !(p.decision && p.decision.yours);
  $("hintbox").classList.add("hidden");
  S.firstRender = false;
  applyZoom();
  document.body.dataset.drawn = String(p.rev);
}

// Hot seat: when the seat to decide changes, the whole page is emptied behind an opaque curtain
// and nothing of the next seat is drawn (nor put in the page at all) until its player asks for it.
// True while the curtain holds the page back.
// A page opened afresh (or reloaded) knows whose board this tab showed last: the curtain stays down
// for that seat, and for the first seat of a game nobody has played yet; any other seat gets it.
function hotSeatCurtain(p, previous) {
  const persons = p.seats.filter((s) => s.player === "person").length;
  // (also while a bot decides: the page then shows the first person's seat, who may not be at the screen)
  if (p.you.length < 2 || persons < 2 || !p.decision) return false;
  if (S.shownViewer === null && previous === null) {
    const last = shownBefore();
    if (last === p.viewer || (last === null && p.steps === 0)) { showingSeat(p.viewer); return false; }
  }
  if (S.shownViewer === p.viewer) return false;
  emptyPage();
  S.curtained = p;
  const name = p.seats[p.viewer].name;
  $("curtain-text").textContent = `Pass the screen to ${name}.`;
  $("curtain").classList.remove("hidden");
  document.body.classList.add("curtained");
  $("curtain-go").textContent = `I am ${name}: show my board`;
  $("curtain-go").onclick = () => {
    const held = S.curtained;
    S.curtained = null;
    showingSeat(held.viewer);
    $("curtain").classList.add("hidden");
    document.body.classList.remove("curtained");
    if (S.page === held) drawPage(held, true, false);
    else refresh().catch((e) => toast(e.message));
  };
  return true;
}

// Whose board this tab shows, kept for the tab's life (a reload keeps it; a new tab starts without)
function showingSeat(seat) {
  S.shownViewer = seat;
  try { sessionStorage.setItem("deadboard-shown:" + gid, String(seat)); } catch (e) { /* storage off: the curtain still works within the page */ }
}

function shownBefore() {
  let v = null;
  try { v = sessionStorage.getItem("deadboard-shown:" + gid); } catch (e) { v = null; }
  return v === null || !/^\d+$/.test(v) ? null : parseInt(v, 10);
}

function emptyPage() {
  closeMenu();
  $("caption").textContent = "";
  $("board").replaceChildren();
  $("panels").replaceChildren();
  $("prompt").textContent = "";
  $("buttons").replaceChildren();
  $("allactions").replaceChildren();
  $("alldetails").classList.add("hidden");
  $("refusal").classList.add("hidden");
  $("hintbox").replaceChildren();
  $("hintbox").classList.add("hidden");
  $("events").replaceChildren();
  $("tray").replaceChildren();
  $("banner").classList.add("hidden");
  $("seatlist").replaceChildren();
  document.body.dataset.drawn = "";
}

// ----- zoom (the board grows inside its frame, which then pans by dragging or swiping) ------------
// "Zoom in" makes the smallest clickable thing at least TAP px across (a finger's width), then more
const TAP = 34;

function tapZoom() {
  const board = $("board");
  const svg = board.querySelector("svg.board");
  if (!svg) return 2;
  // sizes as they are when the board is as wide as its frame (a zoom of 1)
  const scale = svg.getBoundingClientRect().width / board.clientWidth;
  let small = Infinity;
  let parts = svg.querySelectorAll("[data-target].live, .sq");
  if (!parts.length) parts = svg.querySelectorAll("[data-target]");  // what will be clickable
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    const side = Math.min(r.width, r.height) / scale;
    if (side >= 3 && side < small) small = side;
  }
  if (!isFinite(small)) return 2;
  return Math.min(8, Math.max(1.5, TAP / small));
}

function applyZoom() {
  const board = $("board");
  const level = parseInt(board.dataset.zoom || "0", 10);
  if (!level) { board.style.removeProperty("--zoom"); delete board.dataset.zoom; }
  else {
    const fit = tapZoom();
    board.style.setProperty("--zoom", String(level === 1 ? fit : fit * 1.6));
  }
  $("zoom").textContent = ["Zoom in", "Zoom in more", "Fit the board"][level];
  $("zoomhelp").textContent = level ? "drag or swipe the board to move around it" : "";
}

$("zoom").addEventListener("click", () => {
  const board = $("board");
  const level = (parseInt(board.dataset.zoom || "0", 10) + 1) % 3;
  if (level) board.dataset.zoom = String(level); else delete board.dataset.zoom;
  applyZoom();
  const live = board.querySelector("[data-target].live");
  if (level && live) {
    // the clickable part in the middle of the frame
    const b = board.getBoundingClientRect(), r = live.getBoundingClientRect();
    board.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
    board.scrollTop += r.top + r.height / 2 - (b.top + b.height / 2);
  }
});

// dragging the zoomed board with the mouse pans it (a finger scrolls it natively)
(() => {
  const board = $("board");
  let drag = null;
  board.addEventListener("pointerdown", (e) => {
    if (e.pointerType !== "mouse" || !board.dataset.zoom) return;
    drag = { x: e.clientX, y: e.clientY, left: board.scrollLeft, top: board.scrollTop, moved: false };
  });
  window.addEventListener("pointermove", (e) => {
    if (!drag) return;
    const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    board.scrollLeft = drag.left - dx;
    board.scrollTop = drag.top - dy;
  });
  window.addEventListener("pointerup", () => { if (drag && drag.moved) board.dataset.dragged = "1"; drag = null; });
  board.addEventListener("click", (e) => {
    if (board.dataset.dragged) { delete board.dataset.dragged; e.stopImmediatePropagation(); }
  }, true);
})();

// ----- rules at hand ---------------------------------------------------------------------------
$("rulesbutton").addEventListener("click", () => {
  if (!S.page) return;
  if ($("rules").classList.contains("hidden")) Rules.open(S.page.game); else Rules.close();
});
$("rules-close").addEventListener("click", () => Rules.close());
for (const b of document.querySelectorAll("#rules .tabs button")) {
  b.addEventListener("click", () => { if (Rules.data) Rules.show(b.dataset.tab); });
}

// ----- tools -----------------------------------------------------------------------------------
$("undo").addEventListener("click", async () => {
  try {
    const body = { log_from: S.log.length };
    if (S.epoch !== null) body.log_epoch = S.epoch;
    render(await api(`/api/games/${encodeURIComponent(gid)}/undo`, { method: "POST", body }));
  } catch (e) { toast(e.message); }
});

$("save").addEventListener("click", async () => {
  try {
    await DB.download(`/api/games/${encodeURIComponent(gid)}/save`, token, "deadboard-save.json");
  } catch (e) { toast(e.message); }
});

$("load").addEventListener("click", () => $("loadfile").click());
$("loadfile").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  try {
    const made = await DB.loadSaveFile(file);
    location.assign(made.open);
  } catch (err) { toast(err.message); }
  e.target.value = "";
});

$("hint").addEventListener("click", async () => {
  const box = $("hintbox");
  box.classList.remove("hidden");
  box.replaceChildren(DB.el("span", { class: "dim thinking", text: "Thinking" }));
  try {
    const h = await api(`/api/games/${encodeURIComponent(gid)}/hint`);
    const legal = S.page.legal.find((a) => a.text === h.action);
    const what = legal ? legal.label : h.action;
    const chance = typeof h.win === "number" ? ` — estimated chance of winning ${Math.round(h.win * 100)}%` : "";
    const parts = [DB.el("div", { text: `Recommended: ${what}${chance}` })];
    if (legal) parts.push(actionButton(legal));
    box.replaceChildren(...parts);
  } catch (e) { box.replaceChildren(DB.el("span", { class: "error", text: e.message })); }
});

// ----- start -----------------------------------------------------------------------------------
window.addEventListener("hashchange", () => location.reload());
(async () => {
  if (!token) { showFatal("This link has no token: open the game from the link you were given."); return; }
  if (token.startsWith("invite=")) {
    // an invitation: the first to open it takes the seat and gets the seat's own link instead
    try {
      const got = await DB.api(`/api/games/${encodeURIComponent(gid)}/claim`, { method: "POST", body: { invite: token.slice(7) } });
      token = got.token;
      history.replaceState(null, "", got.url);
    } catch (e) { showFatal(e.message); return; }
  }
  try {
    await refresh();
    DB.remember({ id: gid, game: S.page.game, name: S.page.name, label: S.page.label, url: location.pathname + location.hash });
  } catch (e) {
    showFatal(e.message);
  }
})();
