// deadboard — shared helpers for the pages (no framework, no build step)
"use strict";

const DB = {
  async api(path, opts = {}, token = null) {
    const headers = Object.assign({}, opts.headers || {});
    if (token) headers["Authorization"] = "Bearer " + token;
    if (opts.body !== undefined && typeof opts.body !== "string") {
      headers["Content-Type"] = "application/json";
      opts = Object.assign({}, opts, { body: JSON.stringify(opts.body) });
    }
    let res;
    try {
      res = await fetch(path, Object.assign({}, opts, { headers }));
    } catch (e) {
      throw new Error("the server cannot be reached (" + e.message + ")");
    }
    const text = await res.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!res.ok) {
      const msg = data && data.error ? data.error.message : ("HTTP " + res.status);
      const err = new Error(msg);
      err.status = res.status;
      err.code = data && data.error ? data.error.code : "";
      err.rule = data && data.error && data.error.rule ? data.error.rule : null;  // a refused action's section
      throw err;
    }
    return data;
  },

  el(tag, attrs = {}, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(e.dataset, v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  },

  // A small inline SVG icon (the page ships no icon font, and fonts differ in which symbols they
  // have): first, prev, next, last, play, pause; drawn in the text colour.
  icon(name) {
    const ns = "http://www.w3.org/2000/svg";
    const paths = {
      first: "M3 2h2v12H3zM14 2v12L6 8z",
      prev: "M12 2v12L4 8z",
      next: "M4 2v12l8-6z",
      last: "M11 2h2v12h-2zM2 2v12l8-6z",
      play: "M4 2v12l10-6z",
      pause: "M3 2h4v12H3zM9 2h4v12H9z",
      check: "M2 8.5l1.6-1.6L6.5 9.8 12.4 3.9 14 5.5l-7.5 7.5z",
      cross: "M3.6 2 8 6.4 12.4 2 14 3.6 9.6 8l4.4 4.4-1.6 1.6L8 9.6 3.6 14 2 12.4 6.4 8 2 3.6z",
    };
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 16 16");
    svg.setAttribute("class", "icon icon-" + name);
    svg.setAttribute("aria-hidden", "true");
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", paths[name]);
    path.setAttribute("fill", "currentColor");
    svg.append(path);
    return svg;
  },

  // A die face (1-6 with pips; any other number in a box), as an SVG element.
  die(value, small = false) {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 30 30");
    svg.setAttribute("class", small ? "die small" : "die");
    const r = document.createElementNS(ns, "rect");
    for (const [k, v] of Object.entries({ x: 1, y: 1, width: 28, height: 28, rx: 6, fill: "#f4f1e8", stroke: "#333", "stroke-width": 1.5 })) r.setAttribute(k, v);
    svg.append(r);
    const pips = { 1: [[15, 15]], 2: [[8, 8], [22, 22]], 3: [[8, 8], [15, 15], [22, 22]], 4: [[8, 8], [22, 8], [8, 22], [22, 22]],
      5: [[8, 8], [22, 8], [15, 15], [8, 22], [22, 22]], 6: [[8, 7], [22, 7], [8, 15], [22, 15], [8, 23], [22, 23]] };
    if (pips[value]) {
      for (const [x, y] of pips[value]) {
        const c = document.createElementNS(ns, "circle");
        c.setAttribute("cx", x); c.setAttribute("cy", y); c.setAttribute("r", 2.8); c.setAttribute("fill", "#1a1a1a");
        svg.append(c);
      }
    } else {
      const t = document.createElementNS(ns, "text");
      t.setAttribute("x", 15); t.setAttribute("y", 20); t.setAttribute("text-anchor", "middle");
      t.setAttribute("font-size", 14); t.setAttribute("font-weight", 700); t.setAttribute("fill", "#1a1a1a");
      t.textContent = String(value);
      svg.append(t);
    }
    const title = document.createElementNS(ns, "title");
    title.textContent = "rolled " + value;
    svg.append(title);
    return svg;
  },

  // Games this browser has opened: [{id, game, name, label, url, at}]
  remembered() {
    try { return JSON.parse(localStorage.getItem("deadboard.games") || "[]"); } catch (e) { return []; }
  },
  remember(entry) {
    const list = DB.remembered().filter((g) => g.url !== entry.url);
    list.unshift(Object.assign({ at: Date.now() }, entry));
    try { localStorage.setItem("deadboard.games", JSON.stringify(list.slice(0, 40))); } catch (e) { /* private mode */ }
  },
  forget(url) {
    const list = DB.remembered().filter((g) => g.url !== url);
    try { localStorage.setItem("deadboard.games", JSON.stringify(list)); } catch (e) { /* private mode */ }
  },

  // Campaigns this browser started or imported: [{id, token, name, at}] (the token is the only key
  // to a campaign: the server keeps its digest alone)
  campaigns() {
    try { return JSON.parse(localStorage.getItem("deadboard.campaigns") || "[]"); } catch (e) { return []; }
  },
  rememberCampaign(entry) {
    const list = DB.campaigns().filter((c) => c.id !== entry.id);
    list.unshift(Object.assign({ at: Date.now() }, entry));
    try { localStorage.setItem("deadboard.campaigns", JSON.stringify(list.slice(0, 40))); } catch (e) { /* private mode */ }
  },
  forgetCampaign(id) {
    const list = DB.campaigns().filter((c) => c.id !== id);
    try { localStorage.setItem("deadboard.campaigns", JSON.stringify(list)); } catch (e) { /* private mode */ }
  },
  campaignToken(id) {
    const c = DB.campaigns().find((x) => x.id === id);
    return c ? c.token : null;
  },

  // Where a campaign stands, in one line: "Chapter 1: Lights Out (2 of 5) · 3 survivors · 6 VP"
  standing(c) {
    const s = c.standing || {};
    const parts = [];
    if (s.name) parts.push(`${s.name} (${s.number} of ${s.chapters})`);
    if (s.phase) parts.push(s.phase);
    if (s.survivors !== undefined) parts.push(`${s.survivors} survivor${s.survivors === 1 ? "" : "s"}`);
    if (s.vp !== undefined) parts.push(`${s.vp} VP`);
    return parts.join(" · ");
  },

  // Download an API answer as a file (the token in the header, never in the URL)
  async download(path, token, fallback) {
    const res = await fetch(path, { headers: { Authorization: "Bearer " + token } });
    if (!res.ok) {
      const data = await res.json().catch(() => null);
      throw new Error(data && data.error ? data.error.message : "HTTP " + res.status);
    }
    const blob = await res.blob();
    const cd = res.headers.get("Content-Disposition") || "";
    const m = cd.match(/filename="([^"]+)"/);
    const a = DB.el("a", { href: URL.createObjectURL(blob), download: m ? m[1] : fallback });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  },

  async loadSaveFile(file) {
    const text = await file.text();
    const made = await DB.api("/api/games/load", { method: "POST", body: { save: text, hotseat: true } });
    DB.remember({ id: made.id, game: made.game, label: "loaded save", url: made.open });
    return made;
  },
};
