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

// Paint one primitive (see scene.py for the list of kinds and keys).
export function paintPrimitive(ctx, p, font) {
  ctx.globalAlpha = p.a === undefined ? 1 : p.a;
  if (p.k === "text") {
    ctx.font = (p.bold ? "bold " : "") + p.size + "px " + font;
    ctx.textAlign = p.anchor === "start" ? "left" : p.anchor === "end" ? "right" : "center";
    ctx.textBaseline = "middle";
    ctx.fillStyle = p.fill;
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
    ctx.fillStyle = p.fill;
    ctx.fill();
  }
  if (p.stroke) {
    ctx.lineWidth = p.lw === undefined ? 1 : p.lw;
    ctx.strokeStyle = p.stroke;
    ctx.setLineDash(p.dash || []);
    ctx.stroke();
    if (p.dash) ctx.setLineDash([]);
  }
}

export function paintPrimitives(ctx, prims, font) {
  for (const p of prims) paintPrimitive(ctx, p, font);
  ctx.globalAlpha = 1;
}

function el_(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

function render({ model, el }) {
  const root = el_("div", "fw-root");
  // keys pressed inside the board are the board's, not the notebook's (Lumino shortcuts)
  root.dataset.lmSuppressShortcuts = "true";
  const main = el_("div", "fw-main");
  const canvas = el_("canvas", "fw-canvas");
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", "Finstere Flure board");
  const controls = el_("div", "fw-controls");
  const hint = el_("div", "fw-hint");
  const side = el_("div", "fw-side");
  const logTitle = el_("div", "fw-log-title", "What happens");
  const log = el_("div", "fw-log");
  side.append(logTitle, log);
  main.append(canvas, controls, hint);
  root.append(main, side);
  el.append(root);

  const button = (action, label, title) => {
    const b = el_("button", "fw-btn", label);
    b.dataset.action = action;
    b.title = title;
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
  const speed = el_("select", "fw-speed");
  speed.title = "playing speed";
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

  const geom = () => model.get("geometry") || {};
  const frames = () => model.get("frames") || [];
  const font = () => geom().font || "sans-serif";

  function resize() {
    const g = geom();
    if (!g.w) return false;
    const maxW = model.get("max_width") || g.w;
    const avail = main.clientWidth || g.w;
    const w = Math.max(200, Math.min(avail, maxW));
    const ratio = window.devicePixelRatio || 1;
    if (w === cssWidth && ratio === dpr && canvas.width > 0) return false;
    cssWidth = w;
    dpr = ratio;
    scale = w / g.w;
    const h = Math.round(w * g.h / g.w);
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
    paintPrimitives(ctx, model.get("static") || [], font());
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
    for (const g of frameGroups(cur)) paintPrimitives(ctx, g, font());
    paints += 1;
    canvas.dataset.frame = String(cur);
    canvas.dataset.paints = String(paints);
    return performance.now() - t0;
  }

  function updateLog() {
    const lines = model.get("event_log") || [];
    side.style.display = lines.length ? "" : "none";
    if (log.childElementCount !== lines.length || log.dataset.src !== lines.join("\n")) {
      log.replaceChildren(...lines.map((t, i) => {
        const row = el_("div", "fw-log-row", t);
        row.dataset.event = String(i);
        row.addEventListener("click", () => {
          const k = frames().findIndex((f) => f.e === i);
          if (k >= 0) setFrame(k, true);
        });
        return row;
      }));
      log.dataset.src = lines.join("\n");
    }
    const f = frames()[cur];
    const e = f ? f.e : -1;
    for (const row of log.children) {
      const on = Number(row.dataset.event) === e;
      row.classList.toggle("fw-current", on);
      row.classList.toggle("fw-past", Number(row.dataset.event) < e);
      if (on) {  // keep the current line in view without scrolling the page
        const top = row.offsetTop - log.offsetTop;
        if (top < log.scrollTop || top + row.offsetHeight > log.scrollTop + log.clientHeight) {
          log.scrollTop = Math.max(0, top - log.clientHeight / 3);
        }
      }
    }
  }

  function updateControls() {
    const n = frames().length;
    controls.style.display = n > 1 ? "" : "none";
    slider.max = String(Math.max(0, n - 1));
    slider.value = String(cur);
    counter.textContent = n > 1 ? `${cur + 1} / ${n}` : "";
    bPlay.textContent = timer ? "❚❚ pause" : "▶ play";
    bFirst.disabled = bPrev.disabled = cur <= 0;
    bNext.disabled = bLast.disabled = cur >= n - 1;
  }

  function updateHint() {
    const text = localHint || model.get("hint") || "";
    hint.textContent = text;
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

  // Keys while the canvas has the focus step through the frames. Listening on window in the
  // capture phase (only for events aimed at this canvas) keeps the notebook's own shortcuts
  // (Lumino, document capture phase) from taking the arrow keys first.
  const onKey = (ev) => {
    if (ev.target !== canvas) return;
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
    } else if (ev.key === " ") {
      play();
    } else {
      return;
    }
    ev.preventDefault();
    ev.stopPropagation();
  };
  window.addEventListener("keydown", onKey, true);

  // Clicks: scene coordinates -> a square of the grid or a named zone (geometry from Python).
  canvas.addEventListener("click", (ev) => {
    canvas.focus();
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
    ["change:hint", updateHint], ["change:mode", updateHint],
  ];
  for (const [name, fn] of listeners) model.on(name, fn);

  const ro = new ResizeObserver(() => { if (resize()) paint(false); });
  ro.observe(main);
  const mq = window.matchMedia ? window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`) : null;
  const onDpr = () => { if (resize()) paint(false); };
  if (mq && mq.addEventListener) mq.addEventListener("change", onDpr);

  // Hooks for tests and benchmarks (read-only helpers; nothing here changes the game).
  canvas.__finstere = {
    paint: (full) => paint(full),
    frame: () => cur,
    frames: () => frames().length,
    setFrame: (i) => setFrame(i, true),
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
    ro.disconnect();
    if (mq && mq.removeEventListener) mq.removeEventListener("change", onDpr);
    for (const [name, fn] of listeners) model.off(name, fn);
  };
}

export default { render };
