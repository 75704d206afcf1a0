// Finstere Flure board: paints the primitives built in Python (finstere_widget/render/primitives.py)
// on a <canvas>, steps through synced frames in the browser, and reports clicks as squares.
// No game rules and no drawing decisions live here: only painting and click geometry.

const SPEEDS = [0.5, 1, 2, 4];
const BASE_INTERVAL_MS = 700;

function roundRectPath(ctx, x, y, w, h, r) {
  r = Math.min(r, w / 2, h / 2);
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

// The render contract: the primitives Python builds (finstere_widget/render/primitives.py,
// whose TypedDicts these typedefs mirror key for key; tests/test_render_contract.py checks
// that they agree). Numbers are scene units, colours "#rrggbb"; keys in [brackets] may be
// left out (defaults: lw 1, a 1, anchor "middle", no fill, no stroke, no dash).

/**
 * @typedef {Object} Rect
 * @property {"rect"} k
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 * @property {number} [r] corner radius
 * @property {string} [fill]
 * @property {string} [stroke]
 * @property {number} [lw] stroke width
 * @property {number[]} [dash] [on, off]
 * @property {number} [a] opacity 0..1
 */

/**
 * @typedef {Object} Line
 * @property {"line"} k
 * @property {number} x1
 * @property {number} y1
 * @property {number} x2
 * @property {number} y2
 * @property {string} [stroke]
 * @property {number} [lw]
 * @property {number[]} [dash]
 * @property {number} [a]
 */

/**
 * @typedef {Object} Poly
 * @property {"poly"} k
 * @property {number[]} pts flat [x0, y0, x1, y1, ...]
 * @property {number} [closed] 1 closes the path
 * @property {string} [fill]
 * @property {string} [stroke]
 * @property {number} [lw]
 * @property {number[]} [dash]
 * @property {number} [a]
 */

/**
 * @typedef {Object} Circle
 * @property {"circle"} k
 * @property {number} cx
 * @property {number} cy
 * @property {number} r
 * @property {string} [fill]
 * @property {string} [stroke]
 * @property {number} [lw]
 * @property {number[]} [dash]
 * @property {number} [a]
 */

/**
 * @typedef {Object} Text
 * @property {"text"} k
 * @property {number} x
 * @property {number} y centre of the text, vertically
 * @property {string} text
 * @property {number} size
 * @property {string} fill
 * @property {number} [bold] 1: bold
 * @property {"start"|"middle"|"end"} [anchor]
 * @property {number} [a]
 */

/** @typedef {Rect|Line|Poly|Circle|Text} Prim */

// What else Python syncs (the same module's Zone, Geometry, PackedFrame and Packed).

/**
 * @typedef {Object} Zone a click area outside the grid
 * @property {string} id "pawn:ID" or "place:PLACE"
 * @property {number} x
 * @property {number} y
 * @property {number} w
 * @property {number} h
 */

/**
 * @typedef {Object} Geometry the scene's size, the grid, the themes' colour swaps
 * @property {number} w
 * @property {number} h
 * @property {number} ox
 * @property {number} oy
 * @property {number} cell
 * @property {number} cols
 * @property {number} rows
 * @property {number} min_w its readable CSS width, kept in a pane narrower than fit_w
 * @property {number} fit_w the narrowest pane the whole board is shown in (narrower: scrolls)
 * @property {Object<string, Object<string, string>>} palettes
 * @property {string} [font]
 * @property {Zone[]} [zones]
 */

/**
 * @typedef {Object} PackedFrame one frame: its groups by number, in paint order
 * @property {number[]} g
 * @property {number} e its event's index (-1: none)
 * @property {string} [c] its sentence
 * @property {number[]} [p] the groups that are its position's pieces
 * @property {number[]} [f] [x, y] the scene point it is about (kept in view when scrolled)
 * @property {string} [n] words about its moment, shown above the board (a game's counts)
 * @property {string[]} [h] [bold, rest]: the line over the board (a game's: what to do)
 */

/**
 * @typedef {Object} Packed the synced frames (traits static, groups, frames)
 * @property {Prim[]} static
 * @property {Prim[][]} groups
 * @property {PackedFrame[]} frames
 */

// What else crosses between Python and this file (finstere_widget/widget/synced.py, whose
// TypedDicts these typedefs mirror key for key, checked by the same test): the quiz Python
// builds, the state an exported page embeds, and the quiz's messages this file sends.

/**
 * @typedef {Object} QuizQuestion one look to predict, tied to its frames
 * @property {number} event the look's event index
 * @property {number[]} at the monster's square [x, y]
 * @property {"N"|"E"|"S"|"W"} facing
 * @property {"N"|"E"|"S"|"W"} heading the right answer's direction
 * @property {number[][]} squares the squares that answer it right
 * @property {number[][]} accepted those and the chased pawn's square
 * @property {string|null} pawn the pawn it chases (null: none seen, or a tie)
 * @property {(number|string)[][]} pawns [x, y, id] of each pawn on the board
 * @property {string} rule the rule id that decides (M5, M6...)
 * @property {string[]} right the feedback's lines for a right answer
 * @property {string[]} wrong the feedback's lines for a wrong one
 * @property {string[]} hints levels 1, 2 and 3
 * @property {number} look the look's frame, shown once answered right
 * @property {number} gate the frame the question is asked on
 */

/**
 * @typedef {Object} QuizState the quiz trait: questions, words, the frames it fits, round
 * @property {string} lang
 * @property {QuizQuestion[]} questions
 * @property {Object<string,string>} words
 * @property {number} frames
 * @property {number} round
 */

/**
 * @typedef {Object} NoQuiz the quiz trait with no quiz: {}
 */

/** @typedef {QuizState|NoQuiz} QuizData */

/**
 * @typedef {Object} PageState what an exported page embeds: the synced traits
 * @property {Prim[]} static
 * @property {Prim[][]} groups
 * @property {PackedFrame[]} frames
 * @property {string[]} event_log
 * @property {number} frame
 * @property {Geometry} geometry
 * @property {string} hint
 * @property {"view"|"move"|"edit"} mode
 * @property {number} max_width
 * @property {boolean} standalone
 * @property {QuizData} quiz
 * @property {string} lang
 * @property {Object<string,string>} texts
 */

/**
 * @typedef {Object} QuizAnswer one key of three
 * @property {"N"|"E"|"S"|"W"} [heading]
 * @property {number[]} [square]
 * @property {string} [pawn]
 */

/**
 * @typedef {Object} QuizAnswerMessage sent when the page has judged an answer
 * @property {"quiz_answer"} type
 * @property {number} question
 * @property {QuizAnswer} answer
 */

/**
 * @typedef {Object} QuizHintMessage sent when the learner asks for a hint
 * @property {"quiz_hint"} type
 * @property {number} question
 * @property {number} level 1..3
 */

// What the context was last set to while painting one list of primitives: a setting is
// written only when it changes (the context keeps it between primitives). Writing the same
// font, colours, width, dash and opacity again for every primitive cost a fifth of a full
// paint (the setters parse their value each time); the pixels are the same either way.
function freshPen() {
  return { a: -1, font: "", align: "", fill: "", stroke: "", lw: -1, dash: "" };
}

// Lines and outlines use round joins and caps (the render contract, as the SVG writer and
// the ipycanvas painter draw them).
/** @param {CanvasRenderingContext2D} ctx */
function roundEnds(ctx) {
  ctx.lineJoin = "round";
  ctx.lineCap = "round";
}

/** @param {Object<string, string>|null} pal @param {string} colour */
function themed(pal, colour) {
  return (pal && pal[colour]) || colour;
}

// Paint one primitive. `pal` maps a colour of the drawing to the one the page's theme uses
// (a table from Python: render/style.py).
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Prim} p
 * @param {string} font
 * @param {Object<string, string>|null} pal
 */
export function paintPrimitive(ctx, p, font, pal) {
  const pen = freshPen();
  roundEnds(ctx);
  paintWith(ctx, p, font, pal, pen);
  if (pen.dash) ctx.setLineDash([]);
}

// The same with `pen`, what the context is set to (freshPen() before the first primitive).
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Prim} p
 * @param {string} font
 * @param {Object<string, string>|null} pal
 * @param {ReturnType<typeof freshPen>} pen
 */
function paintWith(ctx, p, font, pal, pen) {
  const a = p.a === undefined ? 1 : p.a;
  if (pen.a !== a) ctx.globalAlpha = pen.a = a;
  if (p.k === "text") {
    const f = (p.bold ? "bold " : "") + p.size + "px " + font;
    if (pen.font !== f) ctx.font = pen.font = f;
    const align = p.anchor === "start" ? "left" : p.anchor === "end" ? "right" : "center";
    if (pen.align !== align) {
      ctx.textAlign = pen.align = align;
      ctx.textBaseline = "middle";
    }
    const fill = themed(pal, p.fill);
    if (pen.fill !== fill) ctx.fillStyle = pen.fill = fill;
    ctx.fillText(p.text, p.x, p.y);
    return;
  }
  ctx.beginPath();
  if (p.k === "rect") {
    if (p.r) roundRectPath(ctx, p.x, p.y, p.w, p.h, p.r);
    else ctx.rect(p.x, p.y, p.w, p.h);
  } else if (p.k === "line") {
    ctx.moveTo(p.x1, p.y1);
    ctx.lineTo(p.x2, p.y2);
  } else if (p.k === "poly") {
    const pts = p.pts;
    ctx.moveTo(pts[0], pts[1]);
    for (let i = 2; i < pts.length; i += 2) ctx.lineTo(pts[i], pts[i + 1]);
    if (p.closed) ctx.closePath();
  } else if (p.k === "circle") {
    ctx.arc(p.cx, p.cy, p.r, 0, 2 * Math.PI);
  } else {
    return; // unknown kinds are skipped, never thrown
  }
  if (p.fill && p.k !== "line") {
    const fill = themed(pal, p.fill);
    if (pen.fill !== fill) ctx.fillStyle = pen.fill = fill;
    ctx.fill();
  }
  if (p.stroke) {
    const lw = p.lw === undefined ? 1 : p.lw;
    if (pen.lw !== lw) ctx.lineWidth = pen.lw = lw;
    const stroke = themed(pal, p.stroke);
    if (pen.stroke !== stroke) ctx.strokeStyle = pen.stroke = stroke;
    const dash = p.dash ? p.dash.join(",") : "";
    if (pen.dash !== dash) {
      ctx.setLineDash(p.dash || []);
      pen.dash = dash;
    }
    ctx.stroke();
  }
}

// Paint a list of primitives in order, each context setting written once until it changes;
// the context is left as a fresh one has it (opacity 1, no dash).
/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Prim[]} prims
 * @param {string} font
 * @param {Object<string, string>|null} pal
 */
export function paintPrimitives(ctx, prims, font, pal) {
  const pen = freshPen();
  roundEnds(ctx);
  for (const p of prims) paintWith(ctx, p, font, pal, pen);
  ctx.globalAlpha = 1;
  if (pen.dash) ctx.setLineDash([]);
}

// The page's theme: JupyterLab (and Notebook 7, Voilà) mark <body data-jp-theme-light="false">
// for a dark theme; a standalone page (exported HTML) follows the reader's system setting;
// anywhere else (nbviewer, other hosts) the light drawing is used.
const DARK_QUERY = "(prefers-color-scheme: dark)";
function pageTheme(standalone) {
  const body = document.body;
  if (body && body.dataset.jpThemeLight !== undefined) {
    return body.dataset.jpThemeLight === "false" ? "dark" : "light";
  }
  // marimo marks its dark theme on <body> (class "dark-theme")
  if (body && body.classList.contains("dark-theme")) return "dark";
  const dark = standalone && window.matchMedia && window.matchMedia(DARK_QUERY).matches;
  return dark ? "dark" : "light";
}

function el_(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Where a key or click event started: the innermost element of its composed path. marimo
// puts a widget in a shadow root, where a listener on window sees the host element as the
// event's target, never the canvas.
/** @param {Event} ev */
function origin(ev) {
  const path = ev.composedPath ? ev.composedPath() : [];
  return path.length ? path[0] : ev.target;
}

// Screen readers: ipywidgets' toggle buttons (the stepper's tiles, the editor's mode) are
// plain buttons ("5", "7"...) with no group name and no pressed state. Each such group in
// the composite widget around this board gets a group role named by its label and each
// button aria-pressed, kept up to date as the choice changes (the selected button carries
// ipywidgets' class mod-active).
/** @param {Element} scope */
function nameToggleGroups(scope) {
  for (const g of scope.querySelectorAll(".widget-toggle-buttons")) {
    const buttons = g.querySelectorAll("button");
    if (!buttons.length) continue;
    const label = g.querySelector(":scope > .widget-label");
    const words = label ? label.textContent.trim() : "";
    if (g.getAttribute("role") !== "group") g.setAttribute("role", "group");
    if (words && label) {
      if (!label.id) label.id = "fw-toggle-" + Math.random().toString(36).slice(2);
      if (g.getAttribute("aria-labelledby") !== label.id) g.setAttribute("aria-labelledby", label.id);
    }
    for (const b of buttons) {
      const pressed = String(b.classList.contains("mod-active"));
      if (b.getAttribute("aria-pressed") !== pressed) b.setAttribute("aria-pressed", pressed);
    }
  }
}

// Watch the composite widget (the nearest ipywidgets box holding this board, once the board
// is in the page) and keep its toggle groups named; returns the cleanup.
/** @param {HTMLElement} el */
function watchToggleGroups(el) {
  let observer = null;
  let tries = 0;
  let timer = null;
  const attach = () => {
    const scope = el.isConnected ? el.closest(".widget-vbox, .widget-box") : null;
    if (!scope) {
      if (tries++ < 50) timer = setTimeout(attach, 100);
      return;
    }
    nameToggleGroups(scope);
    observer = new MutationObserver(() => nameToggleGroups(scope));
    observer.observe(scope, { subtree: true, childList: true, attributes: true, attributeFilter: ["class"] });
  };
  attach();
  return () => { if (timer) clearTimeout(timer); if (observer) observer.disconnect(); };
}

// Room the event log needs beside the board, and the narrowest board worth putting the log
// beside (below that the log goes under the board). DOM arrangement only: the drawing's
// layout is decided in Python.
const SIDE_MIN = 240;
const GAP = 12;
const BESIDE_MIN_BOARD = 480;

function render({ model, el }) {
  // the widget's words in its language (Python sends them: BoardWidget.texts); English
  // until they arrive
  const T = (key, english) => (model.get("texts") || {})[key] || english;
  const root = el_("div", "fw-root");
  // keys pressed inside the board are the board's, not the notebook's (Lumino shortcuts)
  root.dataset.lmSuppressShortcuts = "true";
  const main = el_("div", "fw-main");
  const canvas = el_("canvas", "fw-canvas");
  // the board's own box: in a pane narrower than the board's readable width (a phone) the
  // board keeps that width and scrolls sideways here, the controls and the hint stay in view
  const boardBox = el_("div", "fw-board");
  boardBox.append(canvas);
  // the frame's sentence in words above a board scrolled sideways, read whole (the caption
  // painted on the board scrolls with it); screen readers hear it from the live region
  const caption = el_("div", "fw-caption");
  caption.setAttribute("aria-hidden", "true");
  // words about the frame's moment (a game view's counts then), read from the frame itself:
  // a step taken here, with no kernel round trip, never shows one moment's numbers with
  // another moment's board
  const note = el_("div", "fw-note");
  note.hidden = true;
  // the line over the board (a game view's: what to do, how many steps are left to see),
  // read from the frame like the note; text only (a bold part and the rest), never HTML
  const headline = el_("div", "fw-headline");
  const headlineBold = el_("b", "fw-headline-bold");
  const headlineRest = el_("span", "fw-headline-rest");
  headline.append(headlineBold, headlineRest);
  headline.hidden = true;
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End Space");
  const controls = el_("div", "fw-controls");
  controls.setAttribute("role", "group");
  const hint = el_("div", "fw-hint");
  hint.setAttribute("role", "status");
  const live = el_("div", "fw-sr-only fw-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  const side = el_("div", "fw-side");
  const logTitle = el_("div", "fw-log-title");
  logTitle.id = "fw-log-title-" + Math.random().toString(36).slice(2);
  const log = el_("div", "fw-log");
  log.setAttribute("role", "list");
  log.setAttribute("aria-labelledby", logTitle.id);
  // in a quiz, before the first answer, a line in place of the (still untold) story
  const logPrompt = el_("div", "fw-log-prompt");  // boxed like the log, not the log
  logPrompt.hidden = true;
  side.append(logTitle, logPrompt, log);
  main.append(note, caption, boardBox, controls, hint, live);
  root.append(headline, main, side);
  el.append(root);

  const button = (action, label, title) => {
    const b = el_("button", "fw-btn", label);
    b.dataset.action = action;
    b.title = title;
    b.setAttribute("aria-label", title);
    b.type = "button";
    return b;
  };
  const bFirst = button("first", "|◀", "");
  const bPrev = button("prev", "◀", "");
  const bPlay = button("play", "▶", "");
  const bNext = button("next", "▶", "");
  const bLast = button("last", "▶|", "");
  const slider = el_("input", "fw-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  const speed = el_("select", "fw-speed");
  for (const s of SPEEDS) {
    const o = el_("option", "", s + "×");
    o.value = String(s);
    if (s === 1) o.selected = true;
    speed.append(o);
  }
  const counter = el_("span", "fw-counter");
  controls.append(bFirst, bPrev, bPlay, bNext, bLast, slider, speed, counter);

  // every word of the controls in the widget's language (again when it changes)
  function relabel() {
    root.lang = model.get("lang") || "en";
    controls.setAttribute("aria-label", T("controls", "step through the frames"));
    logTitle.textContent = T("log_title", "What happens");
    const titles = [
      [bFirst, "first", "first frame (Home)"],
      [bPrev, "prev", "previous frame (←)"],
      [bPlay, "play_title", "play / pause (space)"],
      [bNext, "next", "next frame (→)"],
      [bLast, "last", "last frame (End)"],
    ];
    for (const [b, key, english] of titles) {
      b.title = T(key, english);
      b.setAttribute("aria-label", b.title);
    }
    slider.setAttribute("aria-label", T("frame", "frame"));
    speed.title = T("speed", "playing speed");
    speed.setAttribute("aria-label", speed.title);
  }
  relabel();

  const staticCanvas = document.createElement("canvas");
  let cur = model.get("frame") || 0;
  let timer = null;
  let cssWidth = 0;
  let boxWidth = 0;
  let dpr = 1;
  let scale = 1;
  let staticDirty = true;
  let localHint = "";
  let paints = 0;
  let theme = pageTheme(model.get("standalone"));

  const geom = () => model.get("geometry") || {};
  const frames = () => model.get("frames") || [];
  const font = () => geom().font || "sans-serif";
  const pal = () => (geom().palettes || {})[theme] || null;
  const lines = () => model.get("event_log") || [];

  // the quiz (its own section below): asks before each look, judges in the browser
  const quiz = mountQuiz({
    model, main, canvas,
    board: {
      cur: () => cur,
      count: () => frames().length,
      show: (i) => setFrame(i, true),
      stop: () => stop(),
    },
  });


  function resize() {
    const g = geom();
    if (!g.w) return false;
    const maxW = model.get("max_width") || g.w;
    const avail = root.clientWidth || g.w;
    // the log beside the board when both fit, else the board takes the width (log below)
    const besideW = avail - SIDE_MIN - GAP;
    const wantSide = lines().length > 0;
    const room = wantSide && besideW >= BESIDE_MIN_BOARD ? besideW : avail;
    const box = Math.floor(Math.max(200, Math.min(room, maxW)));
    // a pane too narrow for the whole board to be read (Python's fit_w: a phone) shows it at
    // its readable width (min_w), scrolling in its box, unless max_width asks for less
    const w = box < (g.fit_w || 0) ? Math.max(box, Math.ceil(Math.min(g.min_w || 0, maxW))) : box;
    const ratio = window.devicePixelRatio || 1;
    if (w === cssWidth && box === boxWidth && ratio === dpr && canvas.width > 0) return false;
    cssWidth = w;
    boxWidth = box;
    dpr = ratio;
    scale = w / g.w;
    const h = Math.round(w * g.h / g.w);
    main.style.width = box + "px";
    boardBox.style.width = box + "px";
    boardBox.dataset.scrolls = String(w > box);
    canvas.style.width = w + "px";
    canvas.style.height = h + "px";
    canvas.width = Math.round(w * dpr);
    canvas.height = Math.round(h * dpr);
    staticCanvas.width = canvas.width;
    staticCanvas.height = canvas.height;
    staticDirty = true;
    return true;
  }

  function paintStatic() {
    const ctx = staticCanvas.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, staticCanvas.width, staticCanvas.height);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    paintPrimitives(ctx, model.get("static") || [], font(), pal());
    staticDirty = false;
  }

  function frameGroups(i) {
    const f = frames()[i];
    if (!f) return [];
    const groups = model.get("groups") || [];
    return f.g.map((k) => groups[k] || []);
  }

  // Paint frame `cur`. full=true repaints the static layer from its primitives too.
  function paint(full) {
    const t0 = performance.now();
    if (!geom().w) return 0;
    if (full || staticDirty) paintStatic();
    const ctx = canvas.getContext("2d");
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(staticCanvas, 0, 0);
    ctx.setTransform(dpr * scale, 0, 0, dpr * scale, 0, 0);
    paintPrimitives(ctx, frameGroups(cur).flat(), font(), pal());  // one pen for the frame
    paints += 1;
    canvas.dataset.frame = String(cur);
    canvas.dataset.paints = String(paints);
    if (canvas.dataset.theme !== theme) {
      canvas.dataset.theme = theme;
      // outside Jupyter the page gives no --jp-* colours: board.css supplies the theme's own
      root.dataset.theme = theme;
    }
    root.toggleAttribute("data-own-colours", document.body.dataset.jpThemeLight === undefined);
    announce();
    return performance.now() - t0;
  }

  // The current frame's sentence, for screen readers (aria-live) and the canvas's name.
  function announce() {
    const f = frames()[cur];
    const text = f && f.c ? f.c : "";
    const n = frames().length;
    // "frame 3 of 12: …" joined as the language joins them (French: " : ")
    const saidAs = (t) =>
      T("said", "{prefix}: {text}").replace("{prefix}", frameOf(cur + 1, n)).replace("{text}", t);
    const h = f && Array.isArray(f.h) ? f.h : [];
    const bold = typeof h[0] === "string" ? h[0] : "";
    const rest = typeof h[1] === "string" ? h[1] : "";
    // a board scrolled sideways gets its sentence in words above it, unless the line over
    // the board already says it (a game view's "your move": it was there three times)
    const flat = (t) => t.toLowerCase().replace(/\s+/g, " ").trim();
    const told = (bold || rest) && flat(bold + rest) === flat(text);
    const words = boardBox.dataset.scrolls === "true" && !told ? text : "";
    if (caption.textContent !== words) caption.textContent = words;
    caption.hidden = !words;
    const said = f && f.n ? f.n : "";
    if (note.textContent !== said) note.textContent = said;
    note.hidden = !said;
    if (headlineBold.textContent !== bold) headlineBold.textContent = bold;
    if (headlineRest.textContent !== rest) headlineRest.textContent = rest;
    headline.hidden = !(bold || rest);
    const name = T("board", "Finstere Flure board");
    const label = name + (text ? ". " + (n > 1 ? saidAs(text) : text) : "");
    if (canvas.getAttribute("aria-label") !== label) canvas.setAttribute("aria-label", label);
    const spoken = text && n > 1 ? saidAs(text) : text;
    if (live.textContent !== spoken) live.textContent = spoken;
  }

  function updateLog() {
    const ls = lines();
    side.style.display = ls.length ? "" : "none";
    if (log.childElementCount !== ls.length || log.dataset.src !== ls.join("\n")) {
      log.replaceChildren(...ls.map((t, i) => {
        const row = el_("div", "fw-log-row", t);
        row.dataset.event = String(i);
        row.setAttribute("role", "listitem");
        // a click shows the row's frame and keeps the keys on the board (not the notebook)
        row.addEventListener("mousedown", (ev) => ev.preventDefault());
        row.addEventListener("click", (ev) => {
          ev.stopPropagation();
          const k = frames().findIndex((f) => f.e === i);
          if (k >= 0) { stop(); setFrame(k, true); }
          canvas.focus({ preventScroll: true });
        });
        return row;
      }));
      log.dataset.src = ls.join("\n");
      log.scrollTop = 0;  // a new story starts at its top
      if (resize()) paint(false);
    }
    const f = frames()[cur];
    const e = f ? f.e : -1;
    // the board's one frame is the position the story led to (a game view once a pawn is
    // selected): every line of it is past, the newest in view
    const after = frames().length === 1 && e === -1 && ls.length > 0;
    const upto = after ? ls.length : e;
    for (const row of log.children) {
      const on = Number(row.dataset.event) === e;
      row.classList.toggle("fw-current", on);
      row.classList.toggle("fw-past", Number(row.dataset.event) < upto);
      row.hidden = quiz.hides(Number(row.dataset.event));  // no look told before it is answered
      if (on) {
        row.setAttribute("aria-current", "step");
        // keep the current line in view without scrolling the page (its top in the log's
        // scrolled content, measured on screen: offsetTop depends on the offsetParent)
        const top = row.getBoundingClientRect().top - log.getBoundingClientRect().top
          - log.clientTop + log.scrollTop;
        if (top < log.scrollTop || top + row.offsetHeight > log.scrollTop + log.clientHeight) {
          log.scrollTop = Math.max(0, top - log.clientHeight / 3);
        }
      } else {
        row.removeAttribute("aria-current");
      }
    }
    if (after) log.scrollTop = log.scrollHeight;
    const prompt = quiz.prompt();
    const told = [...log.children].some((row) => !row.hidden);
    if (logPrompt.textContent !== prompt) logPrompt.textContent = prompt;
    logPrompt.hidden = !prompt || told;
    log.hidden = !!prompt && !told;
  }

  // "frame 3 of 12" in the widget's language
  function frameOf(k, n) {
    return T("frame_of", "frame {k} of {n}").replace("{k}", String(k)).replace("{n}", String(n));
  }

  function updateControls() {
    const n = frames().length;
    controls.style.display = n > 1 ? "" : "none";
    slider.max = String(Math.max(0, n - 1));
    slider.value = String(cur);
    slider.setAttribute("aria-valuetext", frameOf(cur + 1, n));
    counter.textContent = n > 1 ? `${cur + 1} / ${n}` : "";
    bPlay.textContent = timer ? "❚❚ " + T("pause", "pause") : "▶ " + T("play", "play");
    bFirst.disabled = bPrev.disabled = cur <= 0;
    bNext.disabled = bLast.disabled = cur >= quiz.limit();
    quiz.update();
  }

  function updateHint() {
    const text = localHint || model.get("hint") || "";
    hint.textContent = text;
    hint.dataset.kind = localHint ? "info" : (model.get("hint_kind") || "info");
    hint.style.visibility = text ? "visible" : "hidden";
    root.dataset.mode = model.get("mode") || "view";
  }

  // Step to frame i: paint at once, then tell Python (no waiting for the kernel).
  function setFrame(i, sync) {
    const n = frames().length;
    if (!n) return;
    if ((i | 0) > quiz.limit()) quiz.locked();  // never past an open quiz question
    i = Math.max(0, Math.min(quiz.limit(), i | 0));
    cur = i;
    paint(false);
    keepInView();
    updateControls();
    updateLog();
    // each step goes with the story it was taken in (`step`: [story, frame]): one taken
    // while new frames were on their way reaches Python as a step in the old story (a send
    // waiting for a busy kernel keeps the pair) and is refused there
    const story = model.get("story") || 0;
    const step = model.get("step") || [];
    if (sync && (model.get("frame") !== i || step[0] !== story || step[1] !== i)) {
      model.set("frame", i);
      model.set("step", [story, i]);
      model.save_changes();
    }
  }

  // A board scrolled sideways (a narrow pane) brings the frame's point (the monster after
  // its step, a selected pawn's lit squares) into view when it is out of it; the rest of
  // the time the reader's scroll stays.
  function keepInView() {
    const f = frames()[cur];
    if (!f || !f.f || boardBox.dataset.scrolls !== "true") return;
    const x = f.f[0] * scale;
    const margin = (geom().cell || 0) * scale;
    const left = boardBox.scrollLeft;
    const inner = boardBox.clientWidth;
    if (x - margin < left || x + margin > left + inner) {
      boardBox.scrollLeft = Math.max(0, x - inner / 2);
    }
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    updateControls();
  }

  function play() {
    if (timer) return stop();
    if (cur >= quiz.limit()) setFrame(0, true);
    const ms = BASE_INTERVAL_MS / Number(speed.value || 1);
    timer = setInterval(() => {
      if (cur >= quiz.limit()) return stop();
      setFrame(cur + 1, true);
    }, ms);
    updateControls();
  }

  bFirst.addEventListener("click", () => { stop(); setFrame(0, true); });
  bPrev.addEventListener("click", () => { stop(); setFrame(cur - 1, true); });
  bNext.addEventListener("click", () => { stop(); setFrame(cur + 1, true); });
  bLast.addEventListener("click", () => { stop(); setFrame(frames().length - 1, true); });
  bPlay.addEventListener("click", () => play());
  slider.addEventListener("input", () => {
    const i = Number(slider.value);  // read before stop() redraws the controls
    stop();
    setFrame(i, true);
  });
  speed.addEventListener("change", () => { if (timer) { stop(); play(); } });

  // Keys while the canvas (or the slider) has the focus step through the frames. Listening
  // on window in the capture phase (only for events aimed at this board) keeps the
  // notebook's own shortcuts (Lumino, document capture phase) from taking the keys first.
  const onKey = (ev) => {
    if (quiz.onKey(ev)) {
      ev.preventDefault();
      ev.stopPropagation();
      return;
    }
    const at = origin(ev);
    if (at !== canvas && at !== slider) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (ev.key === "Escape") {
      // move mode: Escape deselects the pawn (Python knows whether one is selected)
      if (at !== canvas || (model.get("mode") || "view") !== "move" || model.get("standalone")) return;
      model.send({ type: "key", key: "escape" });
    } else if (ev.key in keys) {
      stop();
      setFrame(cur + keys[ev.key], true);
    } else if (ev.key === "Home") {
      stop();
      setFrame(0, true);
    } else if (ev.key === "End") {
      stop();
      setFrame(frames().length - 1, true);
    } else if (ev.key === " " && at === canvas) {
      play();
    } else {
      return;
    }
    ev.preventDefault();
    ev.stopPropagation();
  };
  window.addEventListener("keydown", onKey, true);
  // JupyterLab's notebook takes the focus back on mousedown inside a cell's output: the
  // board keeps it (a focus ring shows where the keys go).
  const onFocus = () => canvas.classList.add("fw-focus");
  const onBlur = () => canvas.classList.remove("fw-focus");
  canvas.addEventListener("focus", onFocus);
  canvas.addEventListener("blur", onBlur);
  canvas.addEventListener("mousedown", (ev) => { ev.stopPropagation(); });

  // Clicks: scene coordinates -> a square of the grid or a named zone (geometry from Python).
  canvas.addEventListener("click", (ev) => {
    canvas.focus({ preventScroll: true });
    const g = geom();
    if (g.w && quiz.active()) {  // a quiz answer: judged in the browser, kernel or not
      const rect = canvas.getBoundingClientRect();
      const col = Math.floor(((ev.clientX - rect.left) * g.w / rect.width - g.ox) / g.cell);
      const row = Math.floor(((ev.clientY - rect.top) * g.h / rect.height - g.oy) / g.cell);
      if (col >= 0 && col < g.cols && row >= 0 && row < g.rows) quiz.onSquare([col, row]);
      return;
    }
    if (model.get("standalone")) {
      localHint = T(
        "no_kernel", "This page has no Python kernel: it can only step through the frames.");
      updateHint();
      return;
    }
    if (!g.w || (model.get("mode") || "view") === "view") return;
    const rect = canvas.getBoundingClientRect();
    const sx = (ev.clientX - rect.left) * g.w / rect.width;
    const sy = (ev.clientY - rect.top) * g.h / rect.height;
    const col = Math.floor((sx - g.ox) / g.cell);
    const row = Math.floor((sy - g.oy) / g.cell);
    let msg;
    if (col >= 0 && col < g.cols && row >= 0 && row < g.rows) {
      msg = { type: "click", square: [col, row] };
    } else {
      const zone = (g.zones || []).find((z) =>
        sx >= z.x && sx <= z.x + z.w && sy >= z.y && sy <= z.y + z.h);
      msg = zone ? { type: "click", zone: zone.id } : { type: "click", square: null };
    }
    model.send(msg);
  });

  // Keyboard shortcuts sent to Python (undo/redo in the editor): Ctrl+Z / Ctrl+Shift+Z.
  const onEditKey = (ev) => {
    if (origin(ev) !== canvas || !(ev.ctrlKey || ev.metaKey)) return;
    if (ev.key !== "z" && ev.key !== "Z" && ev.key !== "y") return;
    if (model.get("standalone")) return;
    const redo = ev.key === "y" || ev.shiftKey;
    model.send({ type: "key", key: redo ? "redo" : "undo" });
    ev.preventDefault();
    ev.stopPropagation();
  };
  window.addEventListener("keydown", onEditKey, true);

  const onFrames = () => {
    stop();
    cur = Math.max(0, Math.min(quiz.limit(), model.get("frame") || 0));
    paint(false);
    keepInView();
    updateControls();
    updateLog();
  };
  const onFrame = () => {
    const i = model.get("frame") || 0;
    if (i !== cur) setFrame(i, false);
  };
  // a new round (a new turn, or the same one played again) starts the answers afresh; the
  // same round in other words (a language switch) keeps them
  const onQuiz = () => { quiz.renew(); onFrames(); };
  // the answers of another view of this board (the model's): the same question and frame
  const onProgress = () => {
    quiz.adopt();
    const i = Math.max(0, Math.min(quiz.limit(), model.get("frame") || 0));
    if (i !== cur) setFrame(i, false);
    else { updateControls(); updateLog(); }
  };
  const onTexts = () => { relabel(); updateControls(); announce(); };
  const onStatic = () => { staticDirty = true; paint(false); };
  const onGeometry = () => { resize(); staticDirty = true; paint(false); };
  // synced traitlets -> what to redo (registered here, removed on cleanup)
  const listeners = [
    ["change:frames", onFrames], ["change:groups", onFrames], ["change:frame", onFrame],
    ["change:static", onStatic], ["change:geometry", onGeometry],
    ["change:max_width", onGeometry], ["change:event_log", updateLog],
    ["change:hint", updateHint], ["change:hint_kind", updateHint], ["change:mode", updateHint],
    ["change:texts", onTexts], ["change:lang", onTexts],
    ["change:quiz", onQuiz], ["change:quiz_progress", onProgress],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);

  // a board that comes to scroll sideways shows the frame's point (the monster, your pawns)
  const ro = new ResizeObserver(() => { if (resize()) { paint(false); keepInView(); } });
  ro.observe(root);
  const mq = window.matchMedia ? window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`) : null;
  const onDpr = () => { if (resize()) paint(false); };
  if (mq && mq.addEventListener) mq.addEventListener("change", onDpr);
  // a theme switch (JupyterLab light <-> dark) repaints with the theme's palette
  const onTheme = () => {
    const t = pageTheme(model.get("standalone"));
    if (t !== theme) { theme = t; staticDirty = true; paint(false); }
  };
  const themeWatch = new MutationObserver(onTheme);
  if (document.body) {
    themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light", "class"] });
  }
  const darkQuery = window.matchMedia ? window.matchMedia(DARK_QUERY) : null;
  if (darkQuery && darkQuery.addEventListener) darkQuery.addEventListener("change", onTheme);

  // Hooks for tests and benchmarks (read-only helpers; nothing here changes the game).
  canvas.__finstere = {
    paint: (full) => paint(full),
    frame: () => cur,
    frames: () => frames().length,
    setFrame: (i) => setFrame(i, true),
    theme: () => theme,
    quiz: () => quiz.state(),
    quizVerdict,
    // what frame i paints (default: the frame on show): the static layer, its groups, and
    // the scale from scene units to CSS pixels with the font (for geometry checks)
    primitives: (i) => ({
      static: model.get("static") || [],
      groups: frameGroups(i === undefined ? cur : i),
      scale,
      font: font(),
    }),
    // the piece groups painted for frame i (default: the frame on show), as synced
    pieces: (i) => {
      const f = frames()[i === undefined ? cur : i];
      const groups = model.get("groups") || [];
      return f && f.p ? f.p.map((k) => groups[k]) : [];
    },
    squareCenter: (x, y) => {
      const g = geom();
      const r = canvas.getBoundingClientRect();
      const k = r.width / g.w;
      return [(g.ox + (x + 0.5) * g.cell) * k, (g.oy + (y + 0.5) * g.cell) * k];
    },
  };

  resize();
  paint(true);
  keepInView();
  updateControls();
  updateLog();
  updateHint();
  const unwatchToggles = watchToggleGroups(el);

  return () => {
    stop();
    unwatchToggles();
    window.removeEventListener("keydown", onKey, true);
    window.removeEventListener("keydown", onEditKey, true);
    ro.disconnect();
    themeWatch.disconnect();
    if (darkQuery && darkQuery.removeEventListener) darkQuery.removeEventListener("change", onTheme);
    if (mq && mq.removeEventListener) mq.removeEventListener("change", onDpr);
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

export default { render };

// ============================================================================================
// Quiz: predict the monster (widget/quiz.py builds the synced `quiz` data from the engine's
// Quiz). Before each look the board stops on the frame just before it (the question's `gate`)
// and the learner answers: a click on a square (where the monster steps, the pawn it
// chases, or a square in line with it = that direction), a direction button, or an arrow
// key. The answer is judged here from the synced data (no kernel round trip, so exported
// pages quiz too); the first answer to each question is scored; a right answer shows the
// look's frame (its lines of sight drawn), a wrong one tells the lines of sight, the
// distances and the deciding rule, and waits for the right answer. The board never steps
// past the open question's gate. Every word shown comes translated in `quiz.words`.
// ============================================================================================

const QUIZ_BACK = { N: "S", E: "W", S: "N", W: "E" };
const QUIZ_ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };
const QUIZ_KEYS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };

function quizFill(text, values) {
  return String(text || "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? String(values[k]) : m));
}

// The heading from the monster at `at` to square [x, y] when in line with it, else null.
function quizDirection(at, sq) {
  const [mx, my] = at;
  const [x, y] = sq;
  if ((x === mx && y === my) || (x !== mx && y !== my)) return null;
  if (x === mx) return y < my ? "N" : "S";
  return x < mx ? "W" : "E";
}

// Judge `answer` ({heading: "N"} or {square: [x, y]}) for question `q` of the synced data:
// true (right), false (wrong) or null (answers nothing: behind the monster, or a square off
// its lines with no pawn). The same reading as the engine's Question.verdict (engine/quiz.py).
/**
 * @param {QuizQuestion} q
 * @param {QuizAnswer} answer
 * @returns {boolean|null}
 */
export function quizVerdict(q, answer) {
  const behind = QUIZ_BACK[q.facing];
  if (answer.heading !== undefined) {
    return answer.heading === behind ? null : answer.heading === q.heading;
  }
  const [x, y] = answer.square;
  const same = (s) => s[0] === x && s[1] === y;
  if (q.accepted.some(same)) return true;
  if (q.pawns.some(same)) return false;
  const d = quizDirection(q.at, answer.square);
  return d === null || d === behind ? null : d === q.heading;
}

// The quiz panel under the board. `board` gives the stepping: cur(), count(), show(i),
// stop(), refresh(). Returns the hooks render() calls.
function mountQuiz({ model, main, canvas, board }) {
  const panel = el_("div", "fw-quiz");
  panel.setAttribute("role", "group");
  const title = el_("div", "fw-quiz-title");
  const question = el_("div", "fw-quiz-question");
  question.setAttribute("aria-live", "polite");  // a question is announced when it opens
  const dirs = el_("div", "fw-quiz-dirs");
  dirs.setAttribute("role", "group");
  const dirButtons = {};
  for (const h of ["N", "E", "S", "W"]) {
    const b = el_("button", "fw-btn fw-quiz-dir");
    b.type = "button";
    b.dataset.heading = h;
    b.addEventListener("click", () => answer({ heading: h }));
    dirButtons[h] = b;
    dirs.append(b);
  }
  const hintButton = el_("button", "fw-btn fw-quiz-hint-btn");
  hintButton.type = "button";
  hintButton.setAttribute("aria-keyshortcuts", "H");
  hintButton.addEventListener("click", () => hint());
  dirs.append(hintButton);
  const hintText = el_("div", "fw-quiz-hint");
  const feedback = el_("div", "fw-quiz-feedback");
  feedback.setAttribute("role", "status");
  feedback.setAttribute("aria-live", "polite");
  feedback.setAttribute("aria-atomic", "true");
  const score = el_("div", "fw-quiz-score");
  panel.append(title, question, dirs, hintText, feedback, score);
  main.append(panel);

  let state = null;
  const data = () => model.get("quiz") || {};
  const words = () => data().words || {};
  const questions = () => data().questions || [];
  function fresh() {
    return { open: 0, first: [], right: 0, asked: 0, hints: 0, levels: [] };
  }
  // active when there is a quiz built for the frames on show
  function active() {
    const d = data();
    return !!(d.questions && d.questions.length && d.frames === board.count());
  }
  function done() { return state.open >= questions().length; }
  // the last frame the board may show: the open question's gate (the end once all answered)
  function limit() {
    if (!active() || done()) return board.count() - 1;
    return questions()[state.open].gate;
  }
  function asking() { return active() && !done() && board.cur() === limit(); }

  function showFeedback(lines, verdict, rule, extra) {
    feedback.replaceChildren(...lines.map((t, i) => el_("div", i ? "fw-quiz-line" : "fw-quiz-verdict", t)));
    if (rule) {
      const tag = el_("span", "fw-quiz-rule", (words().rule || "rule") + " " + rule);
      feedback.firstChild.append(" ", tag);
    }
    if (extra) feedback.append(el_("div", "fw-quiz-next", extra));
    feedback.dataset.verdict = verdict;
    feedback.dataset.rule = rule || "";
    feedback.hidden = false;
  }
  // what the panel says, kept to say it again in other words (a language switch):
  // ["tell", key of words] or ["answer", question, verdict]; the hint as [question, level]
  let shown = null;
  let hinted = null;
  function tell(key) {
    shown = ["tell", key];
    showFeedback([words()[key] || ""], "none", "", "");
  }
  function showAnswer(k, verdict) {
    shown = ["answer", k, verdict];
    const q = questions()[k];
    if (verdict) showFeedback(q.right, "right", q.rule, "");
    else showFeedback(q.wrong, "wrong", q.rule, words().retry);
  }
  function showHint(k, level) {
    hinted = [k, level];
    hintText.textContent = quizFill(words().hint_level, { level, hint: questions()[k].hints[level - 1] });
  }
  function retell() {
    if (shown && shown[0] === "tell") tell(shown[1]);
    else if (shown && questions()[shown[1]]) showAnswer(shown[1], shown[2]);
    if (hinted && questions()[hinted[0]]) showHint(hinted[0], hinted[1]);
  }

  function answer(ans) {
    if (!active()) return false;
    if (done()) return true;
    if (board.cur() < limit()) { tell("step_on"); return true; }
    const k = state.open;
    const q = questions()[k];
    const verdict = quizVerdict(q, ans);
    if (verdict === null) {
      const dir = ans.heading || quizDirection(q.at, ans.square);
      tell(dir === QUIZ_BACK[q.facing] ? "behind" : "nothing");
      return true;
    }
    if (state.first[k] === undefined) {
      state.first[k] = verdict;
      state.asked += 1;
      state.right += verdict ? 1 : 0;
    }
    /** @type {QuizAnswerMessage} */
    const report = { type: "quiz_answer", question: k, answer: ans };
    model.send(report);
    showAnswer(k, verdict);
    if (verdict) {
      state.open += 1;
      hintText.textContent = "";
      hinted = null;
    }
    share();  // before the step: another view of the board may then show the look too
    if (verdict) {
      board.stop();
      board.show(q.look);  // the look itself, its lines of sight drawn
    }
    update();
    return true;
  }

  function hint() {
    if (!asking()) return;
    const k = state.open;
    const level = Math.min(3, (state.levels[k] || 0) + 1);
    state.levels[k] = level;
    state.hints += 1;
    showHint(k, level);
    /** @type {QuizHintMessage} */
    const report = { type: "quiz_hint", question: k, level };
    model.send(report);
    share();
    update();
  }

  // The answers so far live in the model (`quiz_progress`), not in this view: every view
  // of the board (the same widget shown twice) asks the same question, shows the same
  // feedback and score and steps as far; a view shown later picks them up.
  function progress() {
    return { round: roundOf(), state, shown, hinted };
  }
  function share() {
    model.set("quiz_progress", JSON.parse(JSON.stringify(progress())));
    model.save_changes();
  }
  // take the model's answers when they are this round's; false when there are none
  function adopt() {
    const p = model.get("quiz_progress");
    if (!p || !p.state || p.round !== roundOf()) return false;
    if (JSON.stringify(p) === JSON.stringify(progress())) return true;
    const copy = JSON.parse(JSON.stringify(p));
    state = copy.state;
    shown = null;
    hinted = null;
    feedback.replaceChildren();
    feedback.hidden = true;
    hintText.textContent = "";
    if (copy.shown && copy.shown[0] === "tell") tell(copy.shown[1]);
    else if (copy.shown && questions()[copy.shown[1]]) showAnswer(copy.shown[1], copy.shown[2]);
    if (copy.hinted && questions()[copy.hinted[0]]) showHint(copy.hinted[0], copy.hinted[1]);
    return true;
  }

  function update() {
    const on = active();
    panel.hidden = !on;
    if (!on) return;
    const w = words();
    const qs = questions();
    panel.setAttribute("aria-label", w.title || "");
    title.textContent = w.title || "";
    const open = asking();
    if (done()) {
      question.textContent = quizFill(w.done, { right: state.right, asked: state.asked, hints: state.hints });
    } else if (open) {
      question.textContent = quizFill(w.question, { n: state.open + 1, total: qs.length }) + " " + (w.how || "");
    } else {
      question.textContent = w.step_on || "";
    }
    question.dataset.open = open ? "true" : "false";
    const facing = !done() ? qs[state.open].facing : null;
    dirs.setAttribute("aria-label", w.directions || "");
    for (const [h, b] of Object.entries(dirButtons)) {
      b.textContent = QUIZ_ARROWS[h] + " " + (w[h] || h);
      const behind = facing !== null && h === QUIZ_BACK[facing];
      b.disabled = !open || behind;
      b.title = behind ? w.behind : (w[h] || h) + " (" + QUIZ_ARROWS[h] + ")";
      b.setAttribute("aria-label", b.title);
    }
    hintButton.textContent = "? " + (w.hint || "Hint");
    hintButton.title = w.hint_title || "";
    hintButton.setAttribute("aria-label", w.hint_title || "");
    hintButton.disabled = !open || (state.levels[state.open] || 0) >= 3;
    score.textContent = quizFill(w.score, { right: state.right, asked: state.asked });
    score.dataset.right = String(state.right);
    score.dataset.asked = String(state.asked);
    panel.dataset.open = String(state.open);
  }

  // the quiz's round: a new one starts the answers afresh, the same one keeps them
  const roundOf = () => JSON.stringify([data().round, data().frames, questions().length]);
  let round = null;
  function renew() {
    const key = roundOf();
    if (key !== round) { if (!adopt()) reset(); }
    else retell();
    round = key;
  }

  function reset() {
    state = fresh();
    shown = null;
    hinted = null;
    feedback.replaceChildren();
    feedback.hidden = true;
    hintText.textContent = "";
  }

  // Keys on the board or the quiz's buttons: arrows answer while a question is open
  // (elsewhere they step), H asks for a hint.
  function onKey(ev) {
    if (!active() || ev.ctrlKey || ev.metaKey || ev.altKey) return false;
    const at = origin(ev);
    if (at !== canvas && !(at instanceof Node && panel.contains(at))) return false;
    if (ev.key === "h" || ev.key === "H") { hint(); return true; }
    if (ev.key in QUIZ_KEYS && asking()) { answer({ heading: QUIZ_KEYS[ev.key] }); return true; }
    return false;
  }

  // A log line is hidden while its event lies beyond what the board may show.
  function hides(eventIndex) {
    if (!active() || done()) return false;
    const f = (model.get("frames") || [])[limit()];
    const e = f && f.e !== undefined && f.e !== null ? f.e : -1;
    return eventIndex > e;
  }

  reset();
  round = roundOf();
  adopt();
  return {
    active, limit, update, reset, renew, hides, onKey,
    // another view answered or asked a hint: its answers here too
    adopt: () => { adopt(); update(); },
    locked: () => { if (active() && !done()) tell("locked"); },
    onSquare: (sq) => (active() ? answer({ square: sq }) : false),
    // what the log says while the quiz hides the whole story (before the first answer)
    prompt: () => (active() && !done() ? words().log_prompt || "" : ""),
    state: () => ({ ...state, limit: limit(), asking: asking() }),
  };
}
