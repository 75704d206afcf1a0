// Finstere Flure control panel: draws the ipywidgets controls a composite widget mirrors into
// `controls` (finstere_widget/widget/panel.py) and sends what the user does back as
// {type: "click", id} or {type: "set", id, value}. No game logic here: Python decides.

// What crosses between Python and this file (finstere_widget/widget/panel.py, whose
// TypedDicts these typedefs mirror key for key; tests/test_render_contract.py checks that
// they agree): the controls Python mirrors, the messages sent back.

/**
 * @typedef {Object} BoxControl a row or a column of controls
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"row"|"column"} kind
 * @property {Control[]} children
 */

/**
 * @typedef {Object} ButtonControl
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"button"} kind
 */

/**
 * @typedef {Object} ChoiceControl toggle buttons, or a drop-down (select)
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"toggle"|"select"} kind
 * @property {string[]} options
 * @property {number|null} value the chosen option's index (null: none)
 * @property {string[]} [tooltips] toggle buttons: one per option
 */

/**
 * @typedef {Object} IntControl a whole-number box or slider
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"int"} kind
 * @property {number} value
 * @property {number} [min]
 * @property {number} [max]
 */

/**
 * @typedef {Object} ComboControl a text box with suggestions
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"combo"} kind
 * @property {string} value
 * @property {string[]} options
 */

/**
 * @typedef {Object} TextControl text, HTML (escaped by Python), a label, or a note
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"text"|"html"|"label"|"other"} kind
 * @property {string} value
 */

/**
 * @typedef {Object} CheckControl
 * @property {number} id
 * @property {boolean} hidden
 * @property {string} label
 * @property {string} tooltip
 * @property {boolean} disabled
 * @property {"check"} kind
 * @property {boolean} value
 */

/** @typedef {BoxControl|ButtonControl|ChoiceControl|IntControl|ComboControl|TextControl|CheckControl} Control */
/** @typedef {number|string|boolean} ControlValue */

/**
 * @typedef {Object} PanelClick a click on a button
 * @property {"click"} type
 * @property {number} id
 */

/**
 * @typedef {Object} PanelSet a control set to a value
 * @property {"set"} type
 * @property {number} id
 * @property {ControlValue} value
 */

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/**
 * @param {Control} c
 * @param {(message: PanelClick|PanelSet) => void} send
 * @returns {HTMLElement}
 */
function build(c, send) {
  if (c.kind === "row" || c.kind === "column") {
    const box = el("div", c.kind === "row" ? "fwp-row" : "fwp-column");
    for (const child of c.children || []) box.appendChild(build(child, send));
    if (c.hidden) box.hidden = true;
    return box;
  }
  const wrap = el("div", "fwp-item fwp-kind-" + c.kind);
  wrap.dataset.control = String(c.id);
  if (c.hidden) wrap.hidden = true;
  if (c.tooltip) wrap.title = c.tooltip;
  const labelled = (input) => {
    if (c.label) {
      const lab = el("label", "fwp-label", c.label);
      const id = "fwp-" + Math.random().toString(36).slice(2);
      input.id = id;
      lab.htmlFor = id;
      wrap.appendChild(lab);
    }
    wrap.appendChild(input);
  };
  if (c.kind === "button") {
    const b = el("button", "fwp-btn", c.label);
    b.type = "button";
    b.disabled = c.disabled;
    b.addEventListener("click", () => send({ type: "click", id: c.id }));
    wrap.appendChild(b);
  } else if (c.kind === "toggle") {
    if (c.label) wrap.appendChild(el("span", "fwp-label", c.label));
    const group = el("div", "fwp-toggles");
    group.setAttribute("role", "radiogroup");
    if (c.label) group.setAttribute("aria-label", c.label);
    c.options.forEach((text, i) => {
      const b = el("button", "fwp-btn fwp-toggle", text);
      b.type = "button";
      b.disabled = c.disabled;
      b.setAttribute("role", "radio");
      b.setAttribute("aria-checked", String(i === c.value));
      if (i === c.value) b.classList.add("fwp-on");
      if (c.tooltips && c.tooltips[i]) b.title = c.tooltips[i];
      b.addEventListener("click", () => { if (i !== c.value) send({ type: "set", id: c.id, value: i }); });
      group.appendChild(b);
    });
    wrap.appendChild(group);
  } else if (c.kind === "select") {
    const s = el("select", "fwp-select");
    c.options.forEach((text, i) => {
      const o = el("option", "", text);
      o.value = String(i);
      s.appendChild(o);
    });
    s.value = String(c.value);
    s.disabled = c.disabled;
    s.addEventListener("change", () => send({ type: "set", id: c.id, value: Number(s.value) }));
    labelled(s);
  } else if (c.kind === "int") {
    const n = el("input", "fwp-int");
    n.type = "number";
    n.step = "1";
    if (c.min !== undefined) { n.min = String(c.min); n.max = String(c.max); }
    n.value = String(c.value);
    n.disabled = c.disabled;
    n.addEventListener("change", () => {
      const v = Number.parseInt(n.value, 10);
      if (Number.isFinite(v)) send({ type: "set", id: c.id, value: v });
      else n.value = String(c.value);
    });
    labelled(n);
  } else if (c.kind === "text" || c.kind === "combo") {
    const t = el("input", "fwp-text");
    t.type = "text";
    t.value = c.value;
    t.disabled = c.disabled;
    if (c.kind === "combo") {
      const list = el("datalist");
      list.id = "fwp-list-" + Math.random().toString(36).slice(2);
      for (const o of c.options) { const opt = el("option"); opt.value = o; list.appendChild(opt); }
      wrap.appendChild(list);
      t.setAttribute("list", list.id);
    }
    t.addEventListener("change", () => send({ type: "set", id: c.id, value: t.value }));
    labelled(t);
  } else if (c.kind === "check") {
    const box = el("input", "fwp-check");
    box.type = "checkbox";
    box.checked = c.value;
    box.disabled = c.disabled;
    box.addEventListener("change", () => send({ type: "set", id: c.id, value: box.checked }));
    const lab = el("label", "fwp-label");
    lab.appendChild(box);
    lab.appendChild(document.createTextNode(" " + c.label));
    wrap.appendChild(lab);
  } else if (c.kind === "html") {
    // HTML built in Python with every user string escaped (ipywidgets.HTML shows it so too)
    const d = el("div", "fwp-html");
    d.innerHTML = c.value;
    wrap.appendChild(d);
  } else if (c.kind === "label") {
    wrap.appendChild(el("span", "fwp-text-label", c.value));
  } else {
    wrap.appendChild(el("span", "fwp-unknown", "(" + c.value + ": not shown here)"));
  }
  return wrap;
}

function render({ model, el: host }) {
  const root = el("div", "fwp-root");
  host.appendChild(root);
  const send = (msg) => model.send(msg);
  const draw = () => {
    // keep the focused control focused across a redraw (typing in a number box, tabbing)
    const active = document.activeElement;
    const focusId = active && root.contains(active) && active.closest("[data-control]")
      ? active.closest("[data-control]").dataset.control : null;
    root.replaceChildren(...(model.get("controls") || []).map((c) => build(c, send)));
    if (focusId !== null) {
      const again = root.querySelector(`[data-control="${focusId}"] button.fwp-on, [data-control="${focusId}"] input, [data-control="${focusId}"] select, [data-control="${focusId}"] button`);
      if (again) again.focus();
    }
  };
  model.on("change:controls", draw);
  draw();
  return () => model.off("change:controls", draw);
}

export default { render };
