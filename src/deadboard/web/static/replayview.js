// deadboard — the replay viewer of the game page: steps through the game so far and never acts on
// the live game (it reads play.js's page state, S, and its drawing functions)
"use strict";

for (const [id, name] of [["r-first", "first"], ["r-prev", "prev"], ["r-next", "next"], ["r-last", "last"]]) {
  $(id).replaceChildren(DB.icon(name));
}
setPlayButton(false);

// ----- the replay viewer -----------------------------------------------------------------------
async function replayShow(step) {
  const r = S.replay;
  if (!r) return;
  step = Math.max(0, Math.min(r.steps, step));
  r.want = step;
  try {
    const data = await api(`/api/games/${encodeURIComponent(gid)}/replay?step=${step}`);
    if (!S.replay || r.want !== step) return;
    r.step = data.step;
    r.steps = data.steps;
    $("r-slider").max = String(data.steps);
    $("r-slider").value = String(data.step);
    $("r-step").textContent = `decision ${data.step} of ${data.steps}`;
    $("r-what").textContent = (data.decision ? `next: ${data.decision.name} — ${data.decision.prompt}. ` : "") + `last: ${data.action}`;
    drawReplayDecision(data);
    $("caption").textContent = data.drawing.caption || "";
    drawBoard(data.drawing, false);
    $("panels").replaceChildren(...(data.drawing.svg ? data.drawing.panels : []).map(panelBox));
    Object.assign(S.logRules, data.log_rules || {});
    drawLog(data.log, true, false);
    drawDice(data.log.slice(-12), false);
    // marked once the whole step is drawn (tests and readers wait on it)
    document.body.dataset.replayStep = String(data.step);
    if (data.step < data.steps) {
      // what was chosen at this decision: the next step's last action (a step asked for meanwhile wins)
      const next = await api(`/api/games/${encodeURIComponent(gid)}/replay?step=${data.step + 1}`);
      if (S.replay && r.want === step) $("chosen").textContent = `Chosen here: ${next.action}`;
    }
  } catch (e) { toast(e.message); }
}

// The side panel in the viewer: the replayed decision, and nothing to click
function drawReplayDecision(data) {
  const prompt = $("prompt");
  prompt.classList.remove("error", "thinking");
  $("decision").classList.remove("yours");
  $("buttons").replaceChildren(
    DB.el("div", { class: "replayed", id: "chosen", text: data.step < data.steps ? "" : "The game so far ends here." }),
    DB.el("div", { class: "dim", text: `Before it: ${data.action}` }),
    DB.el("div", { class: "dim", text: "The replay viewer only shows the game: close it to play on." }));
  $("allactions").replaceChildren();
  $("alldetails").classList.add("hidden");
  $("hintbox").classList.add("hidden");
  const d = data.decision;
  const at = `Replay, decision ${data.step} of ${data.steps}: `;
  if (d) {
    const what = d.prompt.startsWith(d.name + ": ") ? d.prompt.slice(d.name.length + 2) : d.prompt;
    prompt.textContent = `${at}${d.name} — ${what}`;
  } else {
    prompt.textContent = `${at}the game is over.`;
  }
  $("banner").classList.add("hidden");
}

function setPlayButton(playing) {
  $("r-play").replaceChildren(DB.icon(playing ? "pause" : "play"), playing ? " Pause" : " Play");
  $("r-play").title = playing ? "Pause" : "Play";
}

function replayStop() { if (S.replay && S.replay.timer) { clearInterval(S.replay.timer); S.replay.timer = null; setPlayButton(false); } }

$("replay").addEventListener("click", () => {
  if (!S.page) return;
  closeMenu();
  S.replay = { step: S.page.steps, steps: S.page.steps, timer: null, want: null };
  S.pollId += 1;  // nothing live is drawn while the viewer is open; the close draws the game afresh
  $("replaybar").classList.remove("hidden");
  document.body.classList.add("replaying");
  for (const id of ["undo", "hint", "replay"]) $(id).disabled = true;
  replayShow(S.page.steps);
});
$("r-first").addEventListener("click", () => { replayStop(); replayShow(0); });
$("r-prev").addEventListener("click", () => { replayStop(); replayShow(S.replay.step - 1); });
$("r-next").addEventListener("click", () => { replayStop(); replayShow(S.replay.step + 1); });
$("r-last").addEventListener("click", () => { replayStop(); replayShow(S.replay.steps); });
$("r-slider").addEventListener("input", (e) => { replayStop(); replayShow(parseInt(e.target.value, 10)); });
$("r-play").addEventListener("click", () => {
  const r = S.replay;
  if (r.timer) { replayStop(); return; }
  if (r.step >= r.steps) r.step = -1;
  setPlayButton(true);
  r.timer = setInterval(() => {
    if (!S.replay || S.replay.step >= S.replay.steps) { replayStop(); return; }
    replayShow(S.replay.step + 1);
  }, 700);
});
$("r-close").addEventListener("click", () => {
  replayStop();
  S.replay = null;
  $("replaybar").classList.add("hidden");
  document.body.classList.remove("replaying");
  delete document.body.dataset.replayStep;
  $("replay").disabled = false;
  S.log = [];
  S.epoch = null;
  refresh().catch((e) => toast(e.message));
});
