// CompareView: two boards side by side that step in lockstep. This file is appended to
// board.js (whose default export is taken off: compare.py) so that both boards are painted by
// board.js's own `render`, each with a stand-in model that reads its side's synced state;
// when one board steps (buttons, slider, keys), the other goes to the matching frame
// (`links`, computed in Python), with no kernel round trip.

function compareRender({ model, el }) {
  const root = document.createElement("div");
  root.className = "fw-compare";
  const title = document.createElement("div");
  title.className = "fw-compare-title";
  title.setAttribute("role", "status");
  const row = document.createElement("div");
  row.className = "fw-compare-row";
  root.append(title, row);
  el.append(root);

  const sides = ["left", "right"].map((key, s) => {
    const box = document.createElement("div");
    box.className = "fw-compare-side";
    box.dataset.side = key;
    const label = document.createElement("div");
    label.className = "fw-compare-label";
    const host = document.createElement("div");
    box.append(label, host);
    row.append(box);
    const listeners = {};
    let frame = 0;
    const state = () => model.get(key) || {};
    const child = {
      get: (k) => (k === "frame" ? frame : k === "standalone" ? !!model.get("standalone") : state()[k]),
      set: (k, v) => { if (k === "frame") frame = v | 0; },
      save_changes: () => follow(s),
      send: () => {},
      on: (name, cb) => { (listeners[name] = listeners[name] || []).push(cb); },
      off: (name, cb) => { listeners[name] = (listeners[name] || []).filter((f) => f !== cb); },
    };
    const fire = (...names) => {
      for (const name of names) for (const cb of listeners[name] || []) cb();
    };
    const cleanup = render({ model: child, el: host });
    return {
      box, label, fire, cleanup,
      frame: () => frame,
      go: (i) => { frame = i | 0; fire("change:frame"); },
    };
  });

  function words() {
    const labels = model.get("labels") || ["", ""];
    sides.forEach((side, s) => { side.label.textContent = labels[s] || ""; });
    mark();
  }

  // the frames from the first difference on are marked: the title says where they part
  function mark() {
    const differ = model.get("differ") || [0, 0];
    const parted = sides.some((side, s) => side.frame() >= differ[s]);
    root.dataset.parted = parted ? "true" : "false";
    const at = sides.every((side, s) => side.frame() === differ[s]);
    root.dataset.here = at ? "true" : "false";
    const t = model.get("title") || ["", ""];
    title.textContent = parted ? t[1] : t[0];
  }

  // side s stepped: the other board follows to its matching frame
  function follow(s) {
    const links = model.get("links") || [[], []];
    const j = (links[s] || [])[sides[s].frame()];
    const o = 1 - s;
    if (j !== undefined && sides[o].frame() !== j) sides[o].go(j);
    mark();
    const pair = [sides[0].frame(), sides[1].frame()];
    if (!model.get("standalone")) {
      model.set("frames_on_show", pair);
      model.save_changes();
    }
  }

  const onFrames = (s) => () => { sides[s].fire("change:frames", "change:static", "change:geometry", "change:texts"); mark(); };
  const onLeft = onFrames(0);
  const onRight = onFrames(1);
  const onStep = () => {
    const pair = model.get("frames_on_show") || [0, 0];
    sides.forEach((side, s) => { if (side.frame() !== pair[s]) side.go(pair[s]); });
    mark();
  };
  model.on("change:left", onLeft);
  model.on("change:right", onRight);
  model.on("change:labels", words);
  model.on("change:title", mark);
  model.on("change:frames_on_show", onStep);
  words();
  onStep();

  // hooks for tests: both boards' frames, and a step of one side as a click would take it
  root.__finstereCompare = {
    frames: () => [sides[0].frame(), sides[1].frame()],
    parted: () => root.dataset.parted === "true",
  };

  return () => {
    for (const side of sides) if (typeof side.cleanup === "function") side.cleanup();
    model.off("change:left", onLeft);
    model.off("change:right", onRight);
    model.off("change:labels", words);
    model.off("change:title", mark);
    model.off("change:frames_on_show", onStep);
  };
}

export default { render: compareRender };
