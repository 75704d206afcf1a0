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
from typing import Any, Literal, TypedDict, get_args

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
        types=", ".join(PANEL_MESSAGE_TYPES),
    )


# What crosses between Python and panel.js, as typed dicts (panel.js has a JSDoc @typedef
# for each, key for key: tests/test_render_contract.py checks that they agree).

#: a value a control takes from the browser: an option's index or a number, text, a tick
ControlValue = int | str | bool


class PanelClick(TypedDict):
    """A click on button ``id``."""

    type: Literal["click"]
    id: int


class PanelSet(TypedDict):
    """Control ``id`` set to ``value`` in the browser."""

    type: Literal["set"]
    id: int
    value: ControlValue


PanelMessage = PanelClick | PanelSet


def panel_message(content: object) -> PanelMessage:
    """A panel message from the browser, checked: ``{"type": "click", "id": k}`` or
    ``{"type": "set", "id": k, "value": v}``; :class:`PanelError` naming the key at fault
    otherwise (whether control ``k`` exists and takes ``v`` is the panel's to say)."""
    kind = panel_message_type(content)
    assert isinstance(content, dict)  # panel_message_type checked it
    allowed = {"type", "id"} | ({"value"} if kind == "set" else set())
    extra = sorted(str(k) for k in content if k not in allowed)
    if extra:
        raise PanelError("a panel {kind} message has no key {key}", kind=kind, key=shown(extra[0]))
    k = content.get("id")
    if type(k) is not int:
        raise PanelError(
            "panel message: 'id' must be a control's number, not {value}", value=shown(k)
        )
    match kind:
        case "click":
            return {"type": "click", "id": k}
        case "set":
            value = content.get("value")
            if not isinstance(value, int | str | bool):
                raise PanelError(
                    "panel message: 'value' must be a number, text or true/false, not {value}",
                    value=shown(value),
                )
            return {"type": "set", "id": k, "value": value}
        case never:
            assert_never(never)


class _ControlBase(TypedDict):
    id: int  # its number: what the browser's messages name
    hidden: bool
    label: str
    tooltip: str
    disabled: bool


class BoxControl(_ControlBase):
    """A row (HBox, Box) or a column (VBox) of controls."""

    kind: Literal["row", "column"]
    children: list[Control]


class ButtonControl(_ControlBase):
    kind: Literal["button"]


class _ChoiceOptions(TypedDict, total=False):
    tooltips: list[str]  # toggle buttons: one per option


class ChoiceControl(_ControlBase, _ChoiceOptions):
    """Toggle buttons (``toggle``) or a drop-down, radio buttons, a list (``select``):
    the options' labels and the chosen one's index."""

    kind: Literal["toggle", "select"]
    options: list[str]
    value: int | None  # None: nothing chosen


class _IntOptions(TypedDict, total=False):
    min: int
    max: int


class IntControl(_ControlBase, _IntOptions):
    """A whole-number box or slider (bounded: ``min``, ``max``)."""

    kind: Literal["int"]
    value: int


class ComboControl(_ControlBase):
    """A text box with suggestions."""

    kind: Literal["combo"]
    value: str
    options: list[str]


class TextControl(_ControlBase):
    """A text box (``text``), HTML shown as it is (``html``: the composites escape every
    user string in it), a label, or a note naming a widget the panel does not mirror."""

    kind: Literal["text", "html", "label", "other"]
    value: str


class CheckControl(_ControlBase):
    kind: Literal["check"]
    value: bool


#: one mirrored control, by ``kind``
Control = (
    BoxControl
    | ButtonControl
    | ChoiceControl
    | IntControl
    | ComboControl
    | TextControl
    | CheckControl
)


def _choice_labels(w: Any) -> list[str]:
    return [str(label) for label in getattr(w, "_options_labels", ())]


def _choice(
    base: _ControlBase, kind: Literal["toggle", "select"], options: list[str], value: int | None
) -> ChoiceControl:
    return {
        "id": base["id"],
        "hidden": base["hidden"],
        "label": base["label"],
        "tooltip": base["tooltip"],
        "disabled": base["disabled"],
        "kind": kind,
        "options": options,
        "value": value,
    }


def _synced_list() -> Any:
    """A synced list trait typed by its annotation (traitlets checks it is a list)."""
    return traitlets.List().tag(sync=True)


class ControlPanel(anywidget.AnyWidget):
    """The controls ``widgets`` (ipywidgets) as one anywidget. ``panel.controls`` is the
    synced description the browser draws; ``panel.press(k)`` / ``panel.choose(k, value)``
    do what a click or a choice on control ``k`` does (also for scripts and tests)."""

    _esm = STATIC_DIR / "panel.js"
    _css = STATIC_DIR / "panel.css"

    #: the mirrored controls, as panel.js draws them
    controls: traitlets.List[Control] = _synced_list()

    def __init__(self, widgets: Sequence[Any] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._widgets: list[Any] = []
        self._watched: list[Any] = []
        self.on_msg(self._on_msg)
        self.widgets = list(widgets)

    def set_state(self, sync_data: Any) -> None:
        """A state update from the browser: refused, logged, and the browser sent
        Python's ``controls`` back. The panel is driven by its messages (``click``,
        ``set``) only; ``controls`` set from a front end (``[1, "<img src=x>"]``) was
        taken and shown to every view."""
        names = sorted(map(str, sync_data))[:5] if isinstance(sync_data, dict) else ["?"]
        keys = [repr(k)[:40] for k in names]
        self.log.warning("ControlPanel: refused a front-end update of %s", ", ".join(keys))
        self.send_state("controls")

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

    def _describe(self, w: Any) -> Control:
        self._watch(w)
        k = len(self._ids)
        self._ids.append(w)
        layout = getattr(w, "layout", None)
        hidden = layout is not None and (
            layout.display == "none" or getattr(layout, "visibility", None) == "hidden"
        )
        base: _ControlBase = {
            "id": k,
            "hidden": bool(hidden),
            "label": str(getattr(w, "description", "") or ""),
            "tooltip": str(getattr(w, "tooltip", "") or ""),
            "disabled": bool(getattr(w, "disabled", False)),
        }
        if isinstance(w, W.Box):
            kind: Literal["row", "column"] = "column" if isinstance(w, W.VBox) else "row"
            return {**base, "kind": kind, "children": [self._describe(c) for c in w.children]}
        if isinstance(w, W.Button):
            return {**base, "kind": "button"}
        if isinstance(w, W.ToggleButtons):
            toggle = _choice(base, "toggle", _choice_labels(w), w.index)
            toggle["tooltips"] = [str(t) for t in (w.tooltips or [])]
            return toggle
        if isinstance(w, (W.Dropdown, W.RadioButtons, W.Select)):
            return _choice(base, "select", _choice_labels(w), w.index)
        if isinstance(w, (W.IntText, W.BoundedIntText, W.IntSlider)):
            number: IntControl = {
                "id": base["id"],
                "hidden": base["hidden"],
                "label": base["label"],
                "tooltip": base["tooltip"],
                "disabled": base["disabled"],
                "kind": "int",
                "value": int(w.value),
            }
            if hasattr(w, "min"):
                number["min"] = int(w.min)
                number["max"] = int(w.max)
            return number
        if isinstance(w, W.Combobox):
            options = [str(o) for o in w.options]
            return {**base, "kind": "combo", "value": str(w.value), "options": options}
        if isinstance(w, W.Text):
            return {**base, "kind": "text", "value": str(w.value)}
        if isinstance(w, W.Checkbox):
            return {**base, "kind": "check", "value": bool(w.value)}
        if isinstance(w, W.HTML):
            # the composites build this HTML with every user string escaped (as ipywidgets
            # shows it too: innerHTML)
            return {**base, "kind": "html", "value": str(w.value)}
        if isinstance(w, W.Label):
            return {**base, "kind": "label", "value": str(w.value)}
        return {**base, "kind": "other", "value": type(w).__name__}

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

    def choose(self, k: int, value: object) -> None:
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
            message = panel_message(content)
            match message["type"]:
                case "click":
                    self.press(message["id"])
                case "set":
                    self.choose(message["id"], message["value"])
                case never:
                    assert_never(never)
        except Exception as exc:  # never into the front end's log: redraw what Python has
            self.log.warning("ControlPanel: %s", exc)
            self.send_state("controls")
