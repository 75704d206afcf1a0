// Finstere Flure board: paints the primitives built in Python (finstere_widget/render/scene.py)
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

// Paint one primitive (see scene.py for the list of kinds and keys). `pal` maps a colour
// of the drawing to the one the page's theme uses (a table from Python: render/style.py).
export function paintPrimitive(ctx, p, font, pal) {
  const c = (colour) => (pal && pal[colour]) || colour;
  ctx.globalAlpha = p.a === undefined ? 1 : p.a;
  if (p.k === "text") {
    ctx.font = (p.bold ? "bold " : "") + p.size + "px " + font;
    ctx.textAlign = p.anchor === "start" ? "left" : p.anchor === "end" ? "right" : "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = c(p.fill);
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
    ctx.fillStyle = c(p.fill);
    ctx.fill();
  }
  if (p.stroke) {
    ctx.lineWidth = p.lw === undefined ? 1 : p.lw;
    ctx.strokeStyle = c(p.stroke);
    ctx.setLineDash(p.dash || []);
    ctx.stroke();
    if (p.dash) ctx.setLineDash([]);
  }
}

export function paintPrimitives(ctx, prims, font, pal) {
  for (const p of prims) paintPrimitive(ctx, p, font, pal);
  ctx.globalAlpha = 1;
}

// The page's theme: JupyterLab marks <body data-jp-theme-light="false"> for a dark theme;
// anywhere else (exported HTML, nbviewer) the light drawing is used.
function pageTheme() {
  return document.body && document.body.dataset.jpThemeLight === "false" ? "dark" : "light";
}

function el_(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Room the event log needs beside the board, and the narrowest board worth putting the log
// beside (below that the log goes under the board). DOM arrangement only: the drawing's
// layout is decided in Python.
const SIDE_MIN = 240;
const GAP = 12;
const BESIDE_MIN_BOARD = 480;

function render({ model, el }) {
  const root = el_("div", "fw-root");
  // keys pressed inside the board are the board's, not the notebook's (Lumino shortcuts)
  root.dataset.lmSuppressShortcuts = "true";
  const main = el_("div", "fw-main");
  const canvas = el_("canvas", "fw-canvas");
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", "Finstere Flure board");
  canvas.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight Home End Space");
  const controls = el_("div", "fw-controls");
  controls.setAttribute("role", "group");
  controls.setAttribute("aria-label", "step through the frames");
  const hint = el_("div", "fw-hint");
  hint.setAttribute("role", "status");
  const live = el_("div", "fw-sr-only fw-live");
  live.setAttribute("aria-live", "polite");
  live.setAttribute("aria-atomic", "true");
  const side = el_("div", "fw-side");
  const logTitle = el_("div", "fw-log-title", "What happens");
  logTitle.id = "fw-log-title-" + Math.random().toString(36).slice(2);
  const log = el_("div", "fw-log");
  log.setAttribute("role", "list");
  log.setAttribute("aria-labelledby", logTitle.id);
  side.append(logTitle, log);
  main.append(canvas, controls, hint, live);
  root.append(main, side);
  el.append(root);

  const button = (action, label, title) => {
    const b = el_("button", "fw-btn", label);
    b.dataset.action = action;
    b.title = title;
    b.setAttribute("aria-label", title);
    b.type = "button";
    return b;
  };
  const bFirst = button("first", "|◀", "first frame (Home)");
  const bPrev = button("prev", "◀", "previous frame (←)");
  const bPlay = button("play", "▶ play", "play / pause (space)");
  const bNext = button("next", "▶", "next frame (→)");
  const bLast = button("last", "▶|", "last frame (End)");
  const slider = el_("input", "fw-slider");
  slider.type = "range";
  slider.min = "0";
  slider.step = "1";
  slider.setAttribute("aria-label", "frame");
  const speed = el_("select", "fw-speed");
  speed.title = "playing speed";
  speed.setAttribute("aria-label", "playing speed");
  for (const s of SPEEDS) {
    const o = el_("option", "", s + "×");
    o.value = String(s);
    if (s === 1) o.selected = true;
    speed.append(o);
  }
  const counter = el_("span", "fw-counter");
  controls.append(bFirst, bPrev, bPlay, bNext, bLast, slider, speed, counter);

  const staticCanvas = document.createElement("canvas");
  let cur = model.get("frame") || 0;
  let timer = null;
  let cssWidth = 0;
  let dpr = 1;
  let scale = 1;
  let staticDirty = true;
  let localHint = "";
  let paints = 0;
  let theme = pageTheme();

  const geom = () => model.get("geometry") || {};
  const frames = () => model.get("frames") || [];
  const font = () => geom().font || "sans-serif";
  const pal = () => (geom().palettes || {})[theme] || null;
  const lines = () => model.get("event_log") || [];

  function resize() {
    const g = geom();
    if (!g.w) return false;
    const maxW = model.get("max_width") || g.w;
    const avail = root.clientWidth || g.w;
    // the log beside the board when both fit, else the board takes the width (log below)
    const besideW = avail - SIDE_MIN - GAP;
    const wantSide = lines().length > 0;
    const room = wantSide && besideW >= BESIDE_MIN_BOARD ? besideW : avail;
    const w = Math.floor(Math.max(200, Math.min(room, maxW)));
    const ratio = window.devicePixelRatio || 1;
    if (w === cssWidth && ratio === dpr && canvas.width > 0) return false;
    cssWidth = w;
    dpr = ratio;
    scale = w / g.w;
    const h = Math.round(w * g.h / g.w);
    main.style.width = w + "px";
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
    const p = pal();
    for (const g of frameGroups(cur)) paintPrimitives(ctx, g, font(), p);
    paints += 1;
    canvas.dataset.frame = String(cur);
    canvas.dataset.paints = String(paints);
    canvas.dataset.theme = theme;
    announce();
    return performance.now() - t0;
  }

  // The current frame's sentence, for screen readers (aria-live) and the canvas's name.
  function announce() {
    const f = frames()[cur];
    const text = f && f.c ? f.c : "";
    const n = frames().length;
    const where = n > 1 ? `frame ${cur + 1} of ${n}: ` : "";
    canvas.setAttribute("aria-label", "Finstere Flure board" + (text ? ". " + where + text : ""));
    if (live.textContent !== where + text) live.textContent = where + text;
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
    for (const row of log.children) {
      const on = Number(row.dataset.event) === e;
      row.classList.toggle("fw-current", on);
      row.classList.toggle("fw-past", Number(row.dataset.event) < e);
      if (on) {
        row.setAttribute("aria-current", "step");
        // keep the current line in view without scrolling the page
        const top = row.offsetTop - log.offsetTop;
        if (top < log.scrollTop || top + row.offsetHeight > log.scrollTop + log.clientHeight) {
          log.scrollTop = Math.max(0, top - log.clientHeight / 3);
        }
      } else {
        row.removeAttribute("aria-current");
      }
    }
  }

  function updateControls() {
    const n = frames().length;
    controls.style.display = n > 1 ? "" : "none";
    slider.max = String(Math.max(0, n - 1));
    slider.value = String(cur);
    slider.setAttribute("aria-valuetext", `frame ${cur + 1} of ${n}`);
    counter.textContent = n > 1 ? `${cur + 1} / ${n}` : "";
    bPlay.textContent = timer ? "❚❚ pause" : "▶ play";
    bFirst.disabled = bPrev.disabled = cur <= 0;
    bNext.disabled = bLast.disabled = cur >= n - 1;
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
    i = Math.max(0, Math.min(n - 1, i | 0));
    cur = i;
    paint(false);
    updateControls();
    updateLog();
    if (sync && model.get("frame") !== i) {
      model.set("frame", i);
      model.save_changes();
    }
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
    updateControls();
  }

  function play() {
    if (timer) return stop();
    if (cur >= frames().length - 1) setFrame(0, true);
    const ms = BASE_INTERVAL_MS / Number(speed.value || 1);
    timer = setInterval(() => {
      if (cur >= frames().length - 1) return stop();
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
    if (ev.target !== canvas && ev.target !== slider) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (ev.key in keys) {
      stop();
      setFrame(cur + keys[ev.key], true);
    } else if (ev.key === "Home") {
      stop();
      setFrame(0, true);
    } else if (ev.key === "End") {
      stop();
      setFrame(frames().length - 1, true);
    } else if (ev.key === " " && ev.target === canvas) {
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
    if (model.get("standalone")) {
      localHint = "This page has no Python kernel: it can only step through the frames.";
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
    if (ev.target !== canvas || !(ev.ctrlKey || ev.metaKey)) return;
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
    const n = frames().length;
    cur = Math.max(0, Math.min(n - 1, model.get("frame") || 0));
    paint(false);
    updateControls();
    updateLog();
  };
  const onFrame = () => {
    const i = model.get("frame") || 0;
    if (i !== cur) setFrame(i, false);
  };
  const onStatic = () => { staticDirty = true; paint(false); };
  const onGeometry = () => { resize(); staticDirty = true; paint(false); };
  // synced traitlets -> what to redo (registered here, removed on cleanup)
  const listeners = [
    ["change:frames", onFrames], ["change:groups", onFrames], ["change:frame", onFrame],
    ["change:static", onStatic], ["change:geometry", onGeometry],
    ["change:max_width", onGeometry], ["change:event_log", updateLog],
    ["change:hint", updateHint], ["change:hint_kind", updateHint], ["change:mode", updateHint],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);

  const ro = new ResizeObserver(() => { if (resize()) paint(false); });
  ro.observe(root);
  const mq = window.matchMedia ? window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`) : null;
  const onDpr = () => { if (resize()) paint(false); };
  if (mq && mq.addEventListener) mq.addEventListener("change", onDpr);
  // a theme switch (JupyterLab light <-> dark) repaints with the theme's palette
  const themeWatch = new MutationObserver(() => {
    const t = pageTheme();
    if (t !== theme) { theme = t; staticDirty = true; paint(false); }
  });
  if (document.body) {
    themeWatch.observe(document.body, { attributes: true, attributeFilter: ["data-jp-theme-light"] });
  }

  // Hooks for tests and benchmarks (read-only helpers; nothing here changes the game).
  canvas.__finstere = {
    paint: (full) => paint(full),
    frame: () => cur,
    frames: () => frames().length,
    setFrame: (i) => setFrame(i, true),
    theme: () => theme,
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
  updateControls();
  updateLog();
  updateHint();

  return () => {
    stop();
    window.removeEventListener("keydown", onKey, true);
    window.removeEventListener("keydown", onEditKey, true);
    ro.disconnect();
    themeWatch.disconnect();
    if (mq && mq.removeEventListener) mq.removeEventListener("change", onDpr);
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

export default { render };
