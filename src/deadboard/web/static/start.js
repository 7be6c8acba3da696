// deadboard — the start page: choose a game, its scenario, rules, seed and seats
"use strict";

const $ = (id) => document.getElementById(id);
const ST = { games: [], game: null, seats: [], checkTimer: null, checking: 0 };

function optionInput(o) {
  const id = "opt-" + o.id;
  const wrap = DB.el("div", { class: "option", dataset: { option: o.id } });
  let input;
  if (o.kind === "flag") {
    input = DB.el("input", { type: "checkbox", id, name: o.id });
    wrap.append(input, DB.el("label", { for: id }, o.name, DB.el("span", { class: "help", text: o.help })));
  } else {
    if (o.kind === "int") {
      input = DB.el("input", { type: "number", id, name: o.id, min: o.min, max: o.max, value: o.default ?? "", style: "width:6em" });
    } else if (o.kind === "choice") {
      input = DB.el("select", { id, name: o.id }, ...o.choices.map((c) => DB.el("option", { value: c, text: c, selected: c === o.default })));
    } else {
      input = DB.el("input", { type: "file", id, name: o.id, accept: ".toml,text/plain" });
    }
    wrap.append(DB.el("label", { for: id }, o.name + ": ", DB.el("span", { class: "help", text: o.help })), input);
  }
  input.dataset.kind = o.kind;
  input.addEventListener("change", scheduleCheck);
  return wrap;
}

function selectGame(id) {
  const g = ST.games.find((x) => x.id === id);
  ST.game = g;
  for (const b of $("games").children) b.classList.toggle("sel", b.dataset.game === id);
  $("setup").classList.remove("hidden");
  $("links").classList.add("hidden");
  $("gamehelp").textContent = `${g.name}: ${g.players[0]}–${g.players[1]} players.` + (g.content ? ` Content pack: ${g.content}.` : "") + (g.drawing ? "" : " (Shown as text panels: this game has no board drawing yet.)");
  const sc = $("scenario");
  sc.replaceChildren(...g.scenarios.map((s) => DB.el("option", { value: s.id, text: s.name })));
  sc.closest(".form-row").classList.toggle("hidden", !g.scenarios.length);
  const pl = $("players");
  pl.min = g.players[0];
  pl.max = g.players[1];
  pl.value = "";
  pl.closest(".form-row").classList.toggle("hidden", g.players[0] === g.players[1]);
  drawOptions();
  scheduleCheck();
}

function drawOptions() {
  const g = ST.game;
  const scenario = $("scenario").value;
  const box = $("options");
  const keep = {};
  for (const el of box.querySelectorAll("[name]")) keep[el.name] = el.type === "checkbox" ? el.checked : el.value;
  box.replaceChildren();
  for (const o of g.options) {
    if (o.scenarios && !o.scenarios.includes(scenario)) continue;
    const w = optionInput(o);
    const input = w.querySelector("[name]");
    if (keep[o.id] !== undefined && input.type !== "file") {
      if (input.type === "checkbox") input.checked = keep[o.id]; else input.value = keep[o.id];
    }
    box.append(w);
  }
  $("scenariohelp").textContent = (g.scenarios.find((s) => s.id === scenario) || {}).help || "";
}

async function readOptions() {
  const out = {};
  for (const el of $("options").querySelectorAll("[name]")) {
    const kind = el.dataset.kind;
    if (kind === "flag") { if (el.checked) out[el.name] = true; }
    else if (kind === "int") { if (el.value !== "") out[el.name] = parseInt(el.value, 10); }
    else if (kind === "choice") out[el.name] = el.value;
    else if (kind === "file" && el.files && el.files[0]) out[el.name] = await el.files[0].text();
  }
  return out;
}

async function setupBody() {
  const body = { options: await readOptions() };
  if (ST.game.scenarios.length) body.scenario = $("scenario").value;
  const pl = $("players").value;
  if (pl !== "") body.players = parseInt(pl, 10);
  return body;
}

function scheduleCheck() {
  clearTimeout(ST.checkTimer);
  ST.checkTimer = setTimeout(check, 150);
}

async function check() {
  const n = ++ST.checking;
  const g = ST.game;
  $("setuperror").textContent = "";
  try {
    const r = await DB.api(`/api/catalog/${encodeURIComponent(g.id)}/setup`, { method: "POST", body: await setupBody() });
    if (n !== ST.checking) return;
    $("playershelp").textContent = `${r.seat_count} seat${r.seat_count === 1 ? "" : "s"}`;
    drawSeats(r.seats);
    $("start").disabled = false;
  } catch (e) {
    if (n !== ST.checking) return;
    $("setuperror").textContent = e.message;
    $("start").disabled = true;
  }
}

function drawSeats(names) {
  const box = $("seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  names.forEach((name, i) => {
    const sel = DB.el("select", { id: "seat-" + i, "aria-label": "Who plays " + name },
      DB.el("option", { value: "person", text: "Person" }),
      ...ST.game.bots.map((b) => DB.el("option", { value: "bot:" + b, text: "Bot: " + b })));
    if (old[i]) sel.value = old[i];
    sel.addEventListener("change", updateHotseat);
    box.append(DB.el("div", { class: "seat-row" }, DB.el("span", { class: "name", text: name }), sel));
  });
  updateHotseat();
}

function updateHotseat() {
  const persons = [...$("seats").querySelectorAll("select")].filter((s) => s.value === "person").length;
  $("hotseatrow").classList.toggle("hidden", persons < 2);
}

$("scenario").addEventListener("change", () => { drawOptions(); scheduleCheck(); });
$("players").addEventListener("change", scheduleCheck);

$("setup").addEventListener("submit", async (e) => {
  e.preventDefault();
  $("setuperror").textContent = "";
  const body = await setupBody();
  body.game = ST.game.id;
  const seed = $("seed").value;
  if (seed !== "") body.seed = parseInt(seed, 10);
  body.seats = [...$("seats").querySelectorAll("select")].map((s) =>
    s.value === "person" ? { player: "person" } : { player: "bot", bot: s.value.slice(4) });
  const persons = body.seats.filter((s) => s.player === "person").length;
  body.hotseat = persons > 1 && $("hotseat").checked;
  $("start").disabled = true;
  try {
    const made = await DB.api("/api/games", { method: "POST", body });
    // an invitation is remembered by the page that claims it, with the seat's own link
    for (const l of made.links) if (!l.invite) DB.remember({ id: made.id, game: made.game, name: ST.game.name, label: l.label, url: l.url });
    if (made.owner) {
      showLinks(made);
    } else {
      location.assign(made.open);
    }
  } catch (err) {
    $("setuperror").textContent = err.message;
  } finally {
    $("start").disabled = false;
  }
});

function showLinks(made) {
  // one invitation per seat: the first to open it takes the seat; the creator can replace an
  // invitation that nobody has opened yet (the old link then stops working)
  const ul = $("linklist");
  ul.replaceChildren();
  for (const l of made.links) {
    const code = DB.el("code", { text: location.origin + l.url });
    const open = DB.el("a", { href: l.url, target: "_blank", rel: "noopener", text: "open" });
    const status = DB.el("span", { class: "dim" });
    const renew = async () => {
      try {
        const fresh = await DB.api(`/api/games/${encodeURIComponent(made.id)}/invites/${l.seats[0]}`, { method: "POST" }, made.owner);
        l.url = fresh.url;
        code.textContent = location.origin + fresh.url;
        open.href = fresh.url;
        status.textContent = " new link: the old one no longer works";
      } catch (err) { status.textContent = " " + err.message; }
    };
    ul.append(DB.el("li", { dataset: { seat: String(l.seats[0]) } }, DB.el("strong", { text: l.label + ": " }), open,
      " ", DB.el("button", { class: "small", type: "button", onclick: () => navigator.clipboard && navigator.clipboard.writeText(location.origin + l.url), text: "copy" }),
      " ", DB.el("button", { class: "small renew", type: "button", onclick: renew, text: "new link" }),
      " ", code, status));
  }
  $("links").classList.remove("hidden");
  drawMine();
}

$("loadfile").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  $("loaderror").textContent = "";
  try {
    const made = await DB.loadSaveFile(file);
    location.assign(made.open);
  } catch (err) { $("loaderror").textContent = err.message; }
  e.target.value = "";
});

function drawMine() {
  const ul = $("mine");
  const list = DB.remembered();
  if (!list.length) { ul.replaceChildren(DB.el("li", { class: "dim", text: "Games you start or open appear here." })); return; }
  ul.replaceChildren(...list.map((g) => DB.el("li", {},
    DB.el("a", { href: g.url, text: `${g.name || g.game} — ${g.label || ""}` }),
    DB.el("span", { class: "dim", text: new Date(g.at).toLocaleString() }),
    DB.el("button", { class: "small", type: "button", onclick: () => { DB.forget(g.url); drawMine(); }, text: "forget" }))));
}

(async () => {
  drawMine();
  try {
    const cat = await DB.api("/api/catalog");
    ST.games = cat.games;
    $("games").replaceChildren(...cat.games.map((g) => DB.el("button", { type: "button", dataset: { game: g.id }, onclick: () => selectGame(g.id), text: g.name })));
    const want = new URLSearchParams(location.search).get("game");
    selectGame(want && cat.games.some((g) => g.id === want) ? want : cat.games[0].id);
  } catch (e) {
    $("games").replaceChildren(DB.el("span", { class: "error", text: e.message }));
  }
})();
