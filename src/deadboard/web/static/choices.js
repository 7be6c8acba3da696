// deadboard — a choice of several independent parts (a weapon, a mode, a survival point to spend)
// offered as one small form instead of a button for every combination.
//
// The parts are found in the legal actions themselves, for every game alike: actions of the same
// kind and length whose tokens vary at two or more positions make one form; positions whose values
// go together one to one (a survivor and the trait only they have) are one part. A part's options
// are named by the words their sentences (`label`) differ by ("(butt)" against "(ranged)"); an
// option whose sentence adds nothing to its sibling's is the "off" side of a checkbox ("spend a
// survival point"). The form's button always names the one action it sends, in its sentence.
"use strict";

const Choices = {
  MIN_ACTIONS: 4,  // fewer actions than this stay buttons

  tokens(text) { return String(text).trim().split(/\s+/); },

  words(text) { return String(text).trim().split(/\s+/).filter(Boolean); },

  pretty(token) { return String(token).replace(/[-_]/g, " "); },

  // Actions whose sentences are the same ("Fight", "Fight") told apart by what their texts differ in
  // ("Fight: pistol", "Fight: golf club")
  distinct(actions) {
    const byLabel = new Map();
    for (const a of actions) {
      if (!byLabel.has(a.label)) byLabel.set(a.label, []);
      byLabel.get(a.label).push(a);
    }
    return actions.map((a) => {
      const same = byLabel.get(a.label);
      if (same.length < 2) return a;
      const texts = same.map((x) => Choices.tokens(x.text));
      let k = 0;
      while (texts.every((t) => k < t.length && t[k] === texts[0][k])) k++;
      const rest = Choices.tokens(a.text).slice(k).map(Choices.pretty).join(" ");
      return rest ? Object.assign({}, a, { label: `${a.label}: ${rest}` }) : a;
    });
  },

  // The actions as items in their order: {action} for a button, {form} for a group of parts
  group(actions) {
    actions = Choices.distinct(actions);
    const groups = new Map();
    for (const a of actions) {
      const t = Choices.tokens(a.text);
      const key = t[0] + "\u0000" + t.length;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push({ action: a, tokens: t });
    }
    const items = [];
    const placed = new Set();
    for (const a of actions) {
      const t = Choices.tokens(a.text);
      const key = t[0] + "\u0000" + t.length;
      if (placed.has(key)) continue;
      const form = Choices.formOf(groups.get(key));
      if (form) { placed.add(key); items.push({ form }); } else items.push({ action: a });
    }
    return items;
  },

  // A form for these actions (same kind, same length), or null when buttons serve better
  formOf(members) {
    if (!members || members.length < Choices.MIN_ACTIONS) return null;
    const n = members[0].tokens.length;
    const varying = [];
    for (let i = 1; i < n; i++) {
      if (new Set(members.map((m) => m.tokens[i])).size > 1) varying.push(i);
    }
    if (varying.length < 2) return null;
    // positions that go together one to one are one part
    const parts = [];
    for (const i of varying) {
      const joined = parts.find((p) => Choices.together(members, p.positions, i));
      if (joined) joined.positions.push(i); else parts.push({ positions: [i] });
    }
    if (parts.length < 2) return null;
    for (const p of parts) {
      const seen = new Map();
      for (const m of members) {
        const v = Choices.valueOf(m, p.positions);
        if (!seen.has(v)) seen.set(v, m);
      }
      p.values = [...seen.keys()];
      p.first = seen;
    }
    const controls = parts.reduce((s, p) => s + p.values.length, 0);
    if (controls > members.length + 1) return null;  // a form would be larger than the buttons
    for (const p of parts) Choices.nameOptions(members, p);
    // the form's title: what every sentence begins with (the kind of action where there are no sentences)
    const spoken = members.some((m) => m.action.label && m.action.label !== m.action.text);
    const kind = Choices.pretty(members[0].tokens[0]);
    const title = spoken ? Choices.commonStart(members.map((m) => m.action.label)) : kind[0].toUpperCase() + kind.slice(1);
    return { members, parts, title };
  },

  valueOf(member, positions) { return positions.map((i) => member.tokens[i]).join(" "); },

  // whether position i's value and the part's value determine each other across the actions
  together(members, positions, i) {
    const ab = new Map(), ba = new Map();
    for (const m of members) {
      const a = Choices.valueOf(m, positions), b = m.tokens[i];
      if ((ab.has(a) && ab.get(a) !== b) || (ba.has(b) && ba.get(b) !== a)) return false;
      ab.set(a, b); ba.set(b, a);
    }
    return true;
  },

  // The words a part's option adds to the sentence: its action's label against the label of an
  // action that differs only in this part
  nameOptions(members, part) {
    const index = new Map(members.map((m) => [m.tokens.join(" "), m]));
    part.names = new Map();
    for (const v of part.values) {
      const m = part.first.get(v);
      let name = null;
      if (m.action.label && m.action.label !== m.action.text) {
        for (const w of part.values) {
          if (w === v) continue;
          const t = m.tokens.slice();
          const ws = w.split(" ");
          part.positions.forEach((pos, k) => { t[pos] = ws[k]; });
          const sib = index.get(t.join(" "));
          if (!sib) continue;
          name = Choices.difference(m.action.label, sib.action.label);
          break;
        }
      }
      part.names.set(v, name === null ? v.split(" ").map(Choices.pretty).join(" ") : name);
    }
    // two options, one of which adds nothing: a checkbox named by the other
    if (part.values.length === 2) {
      const [a, b] = part.values;
      const na = part.names.get(a), nb = part.names.get(b);
      if (!na !== !nb) part.toggle = na ? { on: a, off: b } : { on: b, off: a };
    }
  },

  // The words of sentence a that sentence b lacks, between what they share at both ends (whole
  // words; a bare number keeps the word before it: "Walker 2", not "2")
  difference(a, b) {
    let s = 0;
    while (s < a.length && s < b.length && a[s] === b[s]) s++;
    const tok = (c) => c !== undefined && /[^\s()[\],;:.!?]/.test(c);  // a cut inside a word moves to its edge
    while (s > 0 && tok(a[s - 1]) && tok(a[s])) s--;
    let e = 0;
    while (e < a.length - s && e < b.length - s && a[a.length - 1 - e] === b[b.length - 1 - e]) e++;
    while (e > 0 && tok(a[a.length - e - 1]) && tok(a[a.length - e])) e--;
    if (/^\s*\d+\b/.test(a.slice(s, a.length - e))) {
      const before = /(\S+\s+)$/.exec(a.slice(0, s));
      if (before) s -= before[1].length;
    }
    return a.slice(s, a.length - e).replace(/^[\s(,;:–—-]+|[\s),;:.–—-]+$/g, "").replace(/^(and|then)\s+/i, "").trim();
  },

  commonStart(labels) {
    if (!labels.length) return "";
    let common = Choices.words(labels[0]);
    for (const l of labels.slice(1)) {
      const w = Choices.words(l);
      let k = 0;
      while (k < common.length && k < w.length && common[k] === w[k]) k++;
      common = common.slice(0, k);
    }
    return common.join(" ").replace(/[,;:]$/, "");
  },

  // The form's elements: one control per part and a button that sends the action chosen
  render(form, send, makeButton) {
    const box = DB.el("form", { class: "choice-form", onsubmit: (e) => e.preventDefault() });
    if (form.title) box.append(DB.el("div", { class: "choice-title", text: form.title + " …" }));
    const chosen = form.parts.map((p) => p.values[0]);
    const holder = DB.el("div", { class: "choice-send" });
    const fits = (upTo) => form.members.filter((m) => form.parts.slice(0, upTo).every(
      (p, k) => Choices.valueOf(m, p.positions) === chosen[k]));
    const controls = DB.el("div", { class: "choice-parts" });
    const draw = () => {
      // each part offers only what fits the parts before it; a choice that no longer fits moves on
      controls.replaceChildren();
      form.parts.forEach((p, k) => {
        const open = new Set(fits(k).map((m) => Choices.valueOf(m, p.positions)));
        if (!open.has(chosen[k])) chosen[k] = p.values.find((v) => open.has(v));
        controls.append(Choices.control(p, k, open, chosen[k], (v) => { chosen[k] = v; draw(); }));
      });
      const m = fits(form.parts.length)[0];
      holder.replaceChildren(makeButton(m.action, () => send(m.action.text)));
    };
    draw();
    box.append(controls, holder);
    return box;
  },

  control(part, k, open, value, pick) {
    const offered = part.values.filter((v) => open.has(v));
    if (part.toggle) {
      // a checkbox; greyed when the rules leave only one side open now
      const id = `choice-${k}-${Math.random().toString(36).slice(2, 8)}`;
      const box = DB.el("input", { type: "checkbox", id, checked: value === part.toggle.on, disabled: offered.length < 2,
        onchange: (e) => pick(e.target.checked ? part.toggle.on : part.toggle.off) });
      return DB.el("div", { class: "choice-part toggle" }, box, DB.el("label", { for: id, text: part.names.get(part.toggle.on) }));
    }
    if (offered.length > 6) {
      const sel = DB.el("select", { onchange: (e) => pick(e.target.value) });
      for (const v of offered) sel.append(DB.el("option", { value: v, selected: v === value, text: part.names.get(v) }));
      return DB.el("div", { class: "choice-part" }, sel);
    }
    const row = DB.el("div", { class: "choice-part chips", role: "radiogroup" });
    for (const v of offered) {
      row.append(DB.el("button", { type: "button", class: "chip" + (v === value ? " on" : ""), role: "radio",
        "aria-checked": v === value ? "true" : "false", onclick: () => pick(v), text: part.names.get(v) || v }));
    }
    return row;
  },
};
