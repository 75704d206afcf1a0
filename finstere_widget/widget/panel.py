"""A control panel as an anywidget: the ipywidgets controls of a composite widget, drawn by
its own small front end, for notebook front ends that render anywidgets but not ipywidgets
(marimo).

The panel holds no logic of its own. It mirrors the controls it is given (their labels,
options, values, disabled and hidden states, and the HTML of message widgets) into one
synced list, and turns what the user does in the browser into the same ipywidgets value
changes and button clicks a Jupyter front end would make: the composite's own observers
then do the work (the engine plays the turn, the game advances, the editor changes tool).

Mirrored kinds: ``Button``, ``ToggleButtons``, ``Dropdown``, ``RadioButtons``, ``Select``,
``IntText``, ``BoundedIntText``, ``IntSlider``, ``Text``, ``Combobox``, ``Checkbox``,
``HTML``, ``Label`` and boxes (``HBox``, ``VBox``, ``Box``) of them. Any other widget is
shown as a one-line note naming its type.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, get_args

import anywidget
import ipywidgets as W  # type: ignore[import-untyped]
import traitlets

from ..engine.errors import PanelError, shown
from ..engine.events import assert_never

STATIC_DIR = Path(__file__).resolve().parent / "static"

#: ipywidgets trait names whose change redraws the panel
_WATCHED = (
    "value",
    "index",
    "options",
    "_options_labels",
    "disabled",
    "description",
    "tooltip",
    "tooltips",
    "children",
    "placeholder",
)


#: what the panel's front end (panel.js) sends: a click on a button, a value set on a control
PanelMessageType = Literal["click", "set"]
PANEL_MESSAGE_TYPES: tuple[PanelMessageType, ...] = get_args(PanelMessageType)


def panel_message_type(content: object) -> PanelMessageType:
    """The type of a panel message (``{"type": ..., "id": ...}``); :class:`PanelError`
    naming it when the message is no object or of a type the panel does not take."""
    if not isinstance(content, dict):
        raise PanelError("a panel message must be an object, not {content}", content=shown(content))
    kind = content.get("type")
    for known in PANEL_MESSAGE_TYPES:
        if isinstance(kind, str) and kind == known:
            return known
    raise PanelError(
        "unknown panel message type {kind}: expected {types}",
        kind=shown(kind),
        types=" or ".join(PANEL_MESSAGE_TYPES),
    )


def _choice_labels(w: Any) -> list[str]:
    return [str(label) for label in getattr(w, "_options_labels", ())]


class ControlPanel(anywidget.AnyWidget):
    """The controls ``widgets`` (ipywidgets) as one anywidget. ``panel.controls`` is the
    synced description the browser draws; ``panel.press(k)`` / ``panel.choose(k, value)``
    do what a click or a choice on control ``k`` does (also for scripts and tests)."""

    _esm = STATIC_DIR / "panel.js"
    _css = STATIC_DIR / "panel.css"

    controls: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)

    def __init__(self, widgets: Sequence[Any] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._widgets: list[Any] = []
        self._watched: list[Any] = []
        self.on_msg(self._on_msg)
        self.widgets = list(widgets)

    def __repr__(self) -> str:
        kinds = [c["kind"] for c in self.controls]
        return f"ControlPanel({', '.join(kinds)})"

    @property
    def widgets(self) -> list[Any]:
        """The top-level ipywidgets this panel mirrors (setting it redraws the panel)."""
        return list(self._widgets)

    @widgets.setter
    def widgets(self, value: Sequence[Any]) -> None:
        self._widgets = list(value)
        self._refresh()

    # --- mirroring --------------------------------------------------------------------

    def _watch(self, w: Any) -> None:
        if any(w is seen for seen in self._watched):
            return
        self._watched.append(w)
        names = [n for n in _WATCHED if w.has_trait(n)]
        w.observe(self._on_change, names=names)
        layout = getattr(w, "layout", None)
        if layout is not None and layout.has_trait("display"):
            self._watched.append(layout)
            layout.observe(self._on_change, names=["display", "visibility"])

    def _on_change(self, _change: Any = None) -> None:
        self._refresh()

    def _refresh(self) -> None:
        self._ids: list[Any] = []
        self.controls = [self._describe(w) for w in self._widgets]

    def _describe(self, w: Any) -> dict[str, Any]:
        self._watch(w)
        k = len(self._ids)
        self._ids.append(w)
        layout = getattr(w, "layout", None)
        hidden = layout is not None and (
            layout.display == "none" or getattr(layout, "visibility", None) == "hidden"
        )
        d: dict[str, Any] = {
            "id": k,
            "hidden": bool(hidden),
            "label": str(getattr(w, "description", "") or ""),
            "tooltip": str(getattr(w, "tooltip", "") or ""),
            "disabled": bool(getattr(w, "disabled", False)),
        }
        if isinstance(w, W.Box):
            d["kind"] = "column" if isinstance(w, W.VBox) else "row"
            d["children"] = [self._describe(c) for c in w.children]
        elif isinstance(w, W.Button):
            d["kind"] = "button"
        elif isinstance(w, W.ToggleButtons):
            d.update(kind="toggle", options=_choice_labels(w), value=w.index)
            d["tooltips"] = [str(t) for t in (w.tooltips or [])]
        elif isinstance(w, (W.Dropdown, W.RadioButtons, W.Select)):
            d.update(kind="select", options=_choice_labels(w), value=w.index)
        elif isinstance(w, (W.IntText, W.BoundedIntText, W.IntSlider)):
            d.update(kind="int", value=int(w.value))
            if hasattr(w, "min"):
                d.update(min=int(w.min), max=int(w.max))
        elif isinstance(w, W.Combobox):
            d.update(kind="combo", value=str(w.value), options=[str(o) for o in w.options])
        elif isinstance(w, W.Text):
            d.update(kind="text", value=str(w.value))
        elif isinstance(w, W.Checkbox):
            d.update(kind="check", value=bool(w.value))
        elif isinstance(w, W.HTML):
            # the composites build this HTML with every user string escaped (as ipywidgets
            # shows it too: innerHTML)
            d.update(kind="html", value=str(w.value))
        elif isinstance(w, W.Label):
            d.update(kind="label", value=str(w.value))
        else:
            d.update(kind="other", value=type(w).__name__)
        return d

    # --- what the user does -----------------------------------------------------------

    def _control(self, k: Any) -> Any:
        if type(k) is not int or not 0 <= k < len(self._ids):
            raise PanelError("the panel has no control {k!r}", k=k)
        return self._ids[k]

    def press(self, k: int) -> None:
        """A click on the button ``k`` (its ``on_click`` handlers run)."""
        w = self._control(k)
        if not isinstance(w, W.Button):
            raise PanelError("control {k} is a {type}, not a button", k=k, type=type(w).__name__)
        if not w.disabled:
            w.click()

    def choose(self, k: int, value: Any) -> None:
        """Set control ``k``: an option's index (toggle buttons, drop-downs), an int (number
        boxes), a string (text, combo box) or a bool (check box)."""
        w = self._control(k)
        if getattr(w, "disabled", False):
            raise PanelError(
                "control {k} ({value}) is disabled", k=k, value=w.description or type(w).__name__
            )
        if isinstance(w, (W.ToggleButtons, W.Dropdown, W.RadioButtons, W.Select)):
            n = len(w.options)
            if type(value) is not int or not 0 <= value < n:
                raise PanelError(
                    "option {value!r} of control {k}: expected 0..{last}",
                    value=value,
                    k=k,
                    last=n - 1,
                )
            w.index = value
        elif isinstance(w, (W.IntText, W.BoundedIntText, W.IntSlider)):
            if type(value) is not int:
                raise PanelError(
                    "control {k} takes a whole number, not {value!r}", k=k, value=value
                )
            w.value = value
        elif isinstance(w, W.Text):  # Text and Combobox
            if not isinstance(value, str):
                raise PanelError("control {k} takes text, not {value!r}", k=k, value=value)
            w.value = value
        elif isinstance(w, W.Checkbox):
            if type(value) is not bool:
                raise PanelError("control {k} takes true or false, not {value!r}", k=k, value=value)
            w.value = value
        else:
            raise PanelError("control {k} ({type}) takes no value", k=k, type=type(w).__name__)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """``{"type": "click", "id": k}`` or ``{"type": "set", "id": k, "value": v}``. A
        refused message redraws the panel as Python has it; nothing here raises."""
        try:
            kind = panel_message_type(content)
            k: Any = content.get("id")
            match kind:
                case "click":
                    self.press(k)
                case "set":
                    self.choose(k, content.get("value"))
                case never:
                    assert_never(never)
        except Exception as exc:  # never into the front end's log: redraw what Python has
            self.log.warning("ControlPanel: %s", exc)
            self.send_state("controls")
