"""Static fallback for every widget cell: readers without a kernel (GitHub, nbviewer, a docs
site, an executed notebook) get the frame on show as SVG and the story as text, next to the
widget view a live kernel renders."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import BoardWidget


def static_text(head: str, lines: list[str], frame: int | None = None) -> str:
    """``head`` and the event log, the frame on show marked with ``>``."""
    if not lines:
        return head
    return (
        head
        + "\n"
        + "\n".join(("> " if k == frame else "  ") + line for k, line in enumerate(lines))
    )


def with_static(bundle: Any, svg: str, text: str) -> Any:
    """Add ``image/svg+xml`` and a ``text/plain`` fallback to a widget's mime bundle."""
    if bundle is None:
        return None
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    data["image/svg+xml"] = svg
    data["text/plain"] = text
    return bundle


class StaticFallback:
    """Mixin for the composite widgets (an ipywidgets box holding ``self.board``)."""

    board: BoardWidget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        b = self.board
        frames = b.frames
        current = frames[b.frame]["e"] if frames and 0 <= b.frame < len(frames) else None
        return with_static(
            bundle, b.static_svg(), static_text(repr(self), list(b.event_log), current)
        )
