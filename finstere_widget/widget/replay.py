"""A recorded game stepped through with a slider: the board, and a caption saying what each
action did (lesson 07). The steps and captions are :mod:`finstere_widget.teach.replay`'s."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

import ipywidgets as W  # type: ignore[import-untyped]

from ..engine.i18n import resolve, translations
from ..teach.replay import ReplayStep, replay_steps, step_caption
from .board import BoardWidget
from .labels import titled
from .static_output import with_static

__all__ = ["GameReplay"]


class GameReplay(W.VBox):  # type: ignore[misc]
    """A game's ``record`` replayed: move the slider through its actions; a monster turn is
    shown as its own step-through (▶ on the board). ``bots`` names the bot of each colour
    for the captions. Without a kernel it shows the board at the slider's action and its
    caption."""

    def __init__(
        self,
        record: Mapping[str, Any],
        *,
        bots: Mapping[str, str] | None = None,
        lang: str | None = None,
    ) -> None:
        self.lang = resolve(lang)
        self.steps: list[ReplayStep] = replay_steps(record)
        self.players: Sequence[str] = list(record["setup"]["players"])
        self.bots = dict(bots or {})
        t = translations(self.lang)
        self.board = BoardWidget(self.steps[0].before if self.steps else None, lang=self.lang)
        self.slider = W.IntSlider(
            value=len(self.steps),
            min=0,
            max=len(self.steps),
            description=t.gettext("action"),
            layout=W.Layout(width="100%", max_width="600px"),
        )
        titled(self.slider)
        self.caption = W.HTML()
        super().__init__([self.slider, self.caption, self.board])
        self.slider.observe(self._show, "value")
        self._show()

    @property
    def action(self) -> int:
        """The action on show (0: the start)."""
        return int(self.slider.value)

    def caption_text(self) -> str:
        """What the action on show did, in a sentence."""
        return step_caption(self.steps, self.action, self.players, self.bots, lang=self.lang)

    def _show(self, change: object = None) -> None:
        k = self.action
        if k == 0 and self.steps:
            self.board.position = self.steps[0].before
        elif self.steps:
            _, before, entry = self.steps[k - 1]
            if entry.monster is not None:
                self.board.show_trace(before, entry.monster.events, entry.monster.tile)
            else:
                self.board.position = entry.move.position if entry.move is not None else before
        self.caption.value = escape(self.caption_text())

    def __repr__(self) -> str:
        return f"GameReplay(actions={len(self.steps)}, at={self.action})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)
        return with_static(bundle, self.board.static_svg(), self.caption_text())
