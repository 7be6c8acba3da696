// deadboard — the start page's campaigns: where each stands, continue, next chapter, export, delete;
// a new campaign; a campaign file imported
"use strict";

const CP = { kinds: [], kind: null };
const $c = (id) => document.getElementById(id);

function campaignApi(path, opts, token) { return DB.api(path, opts, token); }

function statusText(c) {
  if (c.status === "over") {
    const o = c.outcome || {};
    return "the campaign is over" + (o.reason ? ": " + o.reason : "");
  }
  if (c.status === "chapter-over") {
    const o = c.outcome || {};
    return `chapter ${o.result === "win" ? "won" : "lost"}` + (o.reason ? ` (${o.reason})` : "");
  }
  return "playing";
}

function campaignItem(entry, c) {
  const li = DB.el("li", { dataset: { campaign: entry.id, status: c.status } });
  const what = DB.el("div", { class: "what" },
    DB.el("strong", { text: c.name }), " ",
    DB.el("span", { class: "standing", text: DB.standing(c) }), " ",
    DB.el("span", { class: "dim status", text: "— " + statusText(c) }));
  if (c.history.length) {
    what.append(DB.el("div", { class: "dim history",
      text: "so far: " + c.history.map((h) => `${h.name} ${h.result}`).join(", ") }));
  }
  const buttons = DB.el("div", { class: "buttons" },
    DB.el("a", { class: "button continue", href: c.play, text: c.status === "playing" ? "Continue" : "Open" }));
  if (c.status === "chapter-over" && c.next) {
    buttons.append(DB.el("button", { class: "small primary next", type: "button",
      onclick: () => nextChapter(entry, li),
      text: c.next.restart ? `Play ${c.next.name} again` : `Next: ${c.next.name}` }));
  }
  buttons.append(
    DB.el("button", { class: "small export", type: "button", onclick: () => exportCampaign(entry, li), text: "Export" }),
    DB.el("button", { class: "small delete", type: "button", onclick: () => deleteCampaign(entry, li), text: "Delete" }),
    DB.el("span", { class: "error", role: "alert" }));
  li.append(what, buttons);
  return li;
}

function itemError(li, msg) {
  const e = li.querySelector(".error");
  if (e) e.textContent = msg;
}

async function drawCampaigns() {
  const ul = $c("campaignlist");
  const list = DB.campaigns();
  if (!list.length) {
    ul.replaceChildren(DB.el("li", { class: "dim", text: "Campaigns you start or import appear here." }));
    return;
  }
  const items = await Promise.all(list.map(async (entry) => {
    try {
      const c = await campaignApi(`/api/campaigns/${encodeURIComponent(entry.id)}`, {}, entry.token);
      return campaignItem(entry, c);
    } catch (e) {
      // deleted, expired or of another server: say so and offer to forget it
      return DB.el("li", { class: "gone", dataset: { campaign: entry.id } },
        DB.el("span", { text: `${entry.name || "campaign"}: ${e.message}` }),
        DB.el("button", { class: "small", type: "button", onclick: () => { DB.forgetCampaign(entry.id); drawCampaigns(); }, text: "forget" }));
    }
  }));
  ul.replaceChildren(...items);
}

async function nextChapter(entry, li) {
  try {
    const made = await campaignApi(`/api/campaigns/${encodeURIComponent(entry.id)}/next`, { method: "POST", body: {} }, entry.token);
    location.assign(made.open);
  } catch (e) { itemError(li, e.message); }
}

async function exportCampaign(entry, li) {
  try { await DB.download(`/api/campaigns/${encodeURIComponent(entry.id)}/export`, entry.token, "campaign.json"); }
  catch (e) { itemError(li, e.message); }
}

async function deleteCampaign(entry, li) {
  if (!window.confirm(`Delete this campaign and its games from the server? (${entry.name || entry.id})`)) return;
  try {
    await campaignApi(`/api/campaigns/${encodeURIComponent(entry.id)}`, { method: "DELETE" }, entry.token);
    DB.forgetCampaign(entry.id);
    drawCampaigns();
  } catch (e) { itemError(li, e.message); }
}

// ----- a new campaign ----------------------------------------------------------------------------
function selectKind(id) {
  const k = CP.kinds.find((x) => x.game === id);
  CP.kind = k;
  $c("c-start").replaceChildren(...k.starts.map((s) => DB.el("option", { value: s.id, text: s.name })));
  $c("c-players").min = k.players[0];
  $c("c-players").max = k.players[1];
  $c("c-players").value = String(Math.max(k.players[0], Math.min(k.players[1], parseInt($c("c-players").value, 10) || 1)));
  drawStartHelp();
  drawCampaignSeats();
}

function drawStartHelp() {
  const s = CP.kind.starts.find((x) => x.id === $c("c-start").value);
  $c("c-starthelp").textContent = s ? s.help : "";
}

function drawCampaignSeats() {
  const k = CP.kind;
  const n = Math.max(k.players[0], Math.min(k.players[1], parseInt($c("c-players").value, 10) || k.players[0]));
  const box = $c("c-seats");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const name = k.seats[i] || `Seat ${i + 1}`;
    const sel = DB.el("select", { id: "c-seat-" + i, "aria-label": "Who plays " + name },
      DB.el("option", { value: "person", text: "Person" }),
      ...k.bots.map((b) => DB.el("option", { value: "bot:" + b, text: "Bot: " + b })));
    if (old[i]) sel.value = old[i];
    box.append(DB.el("div", { class: "seat-row" }, DB.el("span", { class: "name", text: name }), sel));
  }
}

function remember(made, name) {
  DB.rememberCampaign({ id: made.id, token: made.token, name });
}

$c("c-game").addEventListener("change", () => selectKind($c("c-game").value));
$c("c-start").addEventListener("change", drawStartHelp);
$c("c-players").addEventListener("change", drawCampaignSeats);

$c("campaignform").addEventListener("submit", async (e) => {
  e.preventDefault();
  $c("c-error").textContent = "";
  const body = { game: CP.kind.game, start: $c("c-start").value, players: parseInt($c("c-players").value, 10) };
  const seed = $c("c-seed").value;
  if (seed !== "") body.seed = parseInt(seed, 10);
  body.seats = [...$c("c-seats").querySelectorAll("select")].map((s) =>
    s.value === "person" ? { player: "person" } : { player: "bot", bot: s.value.slice(4) });
  $c("c-begin").disabled = true;
  try {
    const made = await campaignApi("/api/campaigns", { method: "POST", body });
    remember(made, CP.kind.name);
    location.assign(made.open);
  } catch (err) {
    $c("c-error").textContent = err.message;
  } finally {
    $c("c-begin").disabled = false;
  }
});

$c("c-import").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (!file) return;
  $c("c-importerror").textContent = "";
  try {
    const made = await campaignApi("/api/campaigns/import", { method: "POST", body: { campaign: await file.text() } });
    remember(made, made.campaign.name);
    location.assign(made.open);
  } catch (err) { $c("c-importerror").textContent = err.message; }
  e.target.value = "";
});

(async () => {
  drawCampaigns();
  try {
    const cat = await DB.api("/api/campaigns/catalog");
    CP.kinds = cat.campaigns;
    $c("c-game").replaceChildren(...CP.kinds.map((k) => DB.el("option", { value: k.game, text: k.name })));
    if (CP.kinds.length) selectKind(CP.kinds[0].game);
  } catch (e) {
    $c("c-error").textContent = e.message;
  }
})();
