// deadboard — the end of a game: the score broken down (victory points by source, the level
// reached, who survived: read from the game's Outcome) and "play again" / "rematch"
"use strict";

const Ending = {
  // a key of the outcome in words: "missions_vp" -> "missions VP"
  words(key) {
    return String(key).replace(/_/g, " ").replace(/\bvp\b/gi, "VP").replace(/\bxp\b/gi, "XP")
      .replace(/\bsp\b/gi, "SP").replace(/\bhp\b/gi, "HP");
  },

  value(v) {
    if (v === null || v === undefined) return "—";
    if (v === true) return "yes";
    if (v === false) return "no";
    if (Array.isArray(v)) return v.length ? v.map(Ending.value).join(", ") : "none";
    if (typeof v === "object") {
      const parts = Object.entries(v).map(([k, x]) => `${Ending.words(k)} ${Ending.value(x)}`);
      return parts.length ? parts.join(", ") : "none";
    }
    if (typeof v === "number" && !Number.isInteger(v)) return String(Math.round(v * 100) / 100);
    return String(v);
  },

  // The breakdown: a table of each seat's figures, then the game's own figures
  breakdown(p) {
    const o = p.outcome;
    const box = DB.el("div", { class: "breakdown", id: "breakdown" });
    const head = [];
    if (o.level) head.push(`level reached: ${o.level}`);
    head.push(`score ${Ending.value(o.score)}`);
    if (o.turns) head.push(`${o.turns} turn${o.turns === 1 ? "" : "s"}`);
    box.append(DB.el("div", { class: "summary", text: head.join(" · ") }));
    const rows = o.per_seat || [];
    if (rows.length) {
      const keys = [];
      for (const r of rows) for (const k of Object.keys(r)) if (k !== "seat" && !keys.includes(k)) keys.push(k);
      const table = DB.el("table", { class: "score" });
      const tr = DB.el("tr", {}, DB.el("th", { text: "" }));
      for (const k of keys) tr.append(DB.el("th", { scope: "col", text: Ending.words(k) }));
      table.append(DB.el("thead", {}, tr));
      const body = DB.el("tbody");
      rows.forEach((r, i) => {
        const name = r.seat !== undefined ? String(r.seat) : (p.seats[i] ? p.seats[i].name : `Seat ${i + 1}`);
        const won = o.winners.includes(i) && rows.length === p.seats.length;
        const row = DB.el("tr", { class: won ? "won" : "" }, DB.el("th", { scope: "row", text: name }));
        for (const k of keys) row.append(DB.el("td", { text: Ending.value(r[k]) }));
        body.append(row);
      });
      table.append(body);
      box.append(DB.el("div", { class: "table-wrap" }, table));
    }
    const details = Object.entries(o.details || {});
    if (details.length) {
      const dl = DB.el("dl", { class: "details" });
      for (const [k, v] of details) dl.append(DB.el("dt", { text: Ending.words(k) }), DB.el("dd", { text: Ending.value(v) }));
      box.append(dl);
    }
    return box;
  },

  // "Play again" (the same setup and seats, a new seed) and "Rematch" (the same seed too); a game
  // of several people on their own devices gets new invitations, listed for the one who asked
  again(p, toast) {
    const row = DB.el("div", { class: "again" });
    const status = DB.el("div", { class: "again-links" });
    const start = async (same, button) => {
      button.disabled = true;
      const body = {
        game: p.game, scenario: p.setup.scenario, options: p.setup.options, players: p.setup.players,
        seats: p.seats.map((s) => (s.player === "bot" ? { player: "bot", bot: s.bot } : { player: "person" })),
        hotseat: p.label === "hot-seat",
      };
      if (same) body.seed = p.seed;
      try {
        const made = await DB.api("/api/games", { method: "POST", body });
        if (!made.owner) { location.assign(made.open); return; }
        // invitations: this page takes its own seat, and hands the others' links on
        const mine = made.links.find((l) => p.you.length && l.seats.length === 1 && l.seats[0] === p.you[0]);
        status.replaceChildren(DB.el("div", { text: "A new game: send each player their link." }));
        const ul = DB.el("ul");
        for (const l of made.links) {
          if (l === mine) continue;
          ul.append(DB.el("li", {}, `${l.label}: `, DB.el("code", { text: location.origin + l.url })));
        }
        status.append(ul);
        if (mine) status.append(DB.el("a", { class: "button", href: mine.url, text: `Take my seat (${mine.label})` }));
      } catch (e) {
        toast(e.message);
        button.disabled = false;
      }
    };
    const again = DB.el("button", { class: "primary", id: "playagain", type: "button", text: "Play again",
      title: "The same setup and seats, new dice and cards" });
    again.addEventListener("click", () => start(false, again));
    row.append(again);
    if (p.seed !== undefined && p.seed !== null) {
      const rematch = DB.el("button", { id: "rematch", type: "button", text: "Rematch",
        title: "The same game again: the same setup, seats and seed (the same deal)" });
      rematch.addEventListener("click", () => start(true, rematch));
      row.append(rematch);
    }
    return DB.el("div", {}, row, status);
  },
};
