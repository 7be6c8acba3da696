// deadboard — rules at hand: the game's quick reference, section by section, and its rulings
// (how this program reads what the rulebook leaves open), in a drawer beside the board
"use strict";

const Rules = {
  data: null,

  // Plain text with Markdown's lists, **bold** and `code` as elements (never as HTML)
  inline(text) {
    const out = [];
    const re = /\*\*([^*]+)\*\*|`([^`]+)`/g;
    let at = 0, m;
    while ((m = re.exec(text)) !== null) {
      if (m.index > at) out.push(document.createTextNode(text.slice(at, m.index)));
      out.push(m[1] !== undefined ? DB.el("strong", { text: m[1] }) : DB.el("code", { text: m[2] }));
      at = m.index + m[0].length;
    }
    if (at < text.length) out.push(document.createTextNode(text.slice(at)));
    return out;
  },

  blocks(text) {
    const out = [];
    let list = null, para = null, item = null;
    const flush = () => {
      if (para) out.push(DB.el("p", {}, ...Rules.inline(para.join(" "))));
      para = null;
    };
    for (const raw of String(text).split("\n")) {
      const line = raw.trimEnd();
      if (!line.trim()) { flush(); list = null; item = null; continue; }
      const bullet = /^\s*(?:([-*])|\d+[.)])\s+(.*)$/.exec(line);
      if (bullet) {
        flush();
        const tag = bullet[1] ? "UL" : "OL";
        if (!list || list.tagName !== tag) { list = DB.el(tag.toLowerCase()); out.push(list); }
        item = { li: DB.el("li"), words: [bullet[2]] };
        list.append(item.li);
        item.li.replaceChildren(...Rules.inline(item.words.join(" ")));
      } else if (item && /^\s+/.test(line)) {
        item.words.push(line.trim());
        item.li.replaceChildren(...Rules.inline(item.words.join(" ")));
      } else {
        list = null; item = null;
        (para = para || []).push(line.trim());
      }
    }
    flush();
    return out;
  },

  // Opens the drawer; with a section (a quick reference title), at that section, marked, with the
  // rulebook section that was asked about (label, e.g. "§3.11 Line of Sight") named on it
  async open(game, section, label) {
    const drawer = $("rules");
    drawer.classList.remove("hidden");
    $("rulesbutton").setAttribute("aria-expanded", "true");
    if (!Rules.data || Rules.data.game !== game) {
      const body = $("rules-body");
      body.replaceChildren(DB.el("span", { class: "dim thinking", text: "Loading" }));
      try {
        Rules.data = await DB.api(`/api/catalog/${encodeURIComponent(game)}/rules`);
        Rules.show("reference");
      } catch (e) { body.replaceChildren(DB.el("span", { class: "error", text: e.message })); return; }
    }
    if (section) Rules.goTo(section, label);
  },

  goTo(title, label) {
    if (!$("rules-body").querySelector("section.rule")) Rules.show("reference");
    let found = null;
    for (const s of $("rules-body").querySelectorAll("section.rule")) {
      const on = s.dataset.title === title;
      s.classList.toggle("asked", on);
      const note = s.querySelector(".asked-about");
      if (note) note.remove();
      if (on) {
        found = s;
        if (label) s.querySelector("h4").after(DB.el("div", { class: "asked-about", text: `Rulebook ${label}` }));
      }
    }
    if (found) found.scrollIntoView({ block: "start" });
  },

  close() {
    $("rules").classList.add("hidden");
    $("rulesbutton").setAttribute("aria-expanded", "false");
  },

  show(tab) {
    const r = Rules.data;
    for (const b of document.querySelectorAll("#rules .tabs button")) b.classList.toggle("on", b.dataset.tab === tab);
    const body = $("rules-body");
    body.replaceChildren();
    if (tab === "reference") {
      if (!r.sections.length) {
        body.append(DB.el("p", { class: "dim", id: "no-reference",
          text: `No quick reference for ${r.name} yet: the rulebook is the reference, and the Rulings tab says how this program reads it.` }));
      }
      for (const s of r.sections) {
        const h = DB.el("h4", {}, s.title, s.ref ? DB.el("span", { class: "ref", text: s.ref }) : null);
        body.append(DB.el("section", { class: "rule", dataset: { title: s.title } }, h, ...Rules.blocks(s.text)));
      }
    } else if (!r.rulings) {
      body.append(DB.el("p", { class: "dim", text: "The rulings are in the project's documentation (docs/rulings/), which is not installed here." }));
    } else {
      if (r.rulings.intro) body.append(...Rules.blocks(r.rulings.intro));
      for (const s of r.rulings.sections) {
        const d = DB.el("details", { class: "rule" }, DB.el("summary", { text: s.title }), ...Rules.blocks(s.text));
        body.append(d);
      }
    }
  },
};
