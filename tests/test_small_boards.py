"""No word on the board too small to read, at any size the board is drawn (#28).

JupyterLab at 600 px gives the board 484 CSS px; at that size the tray's labels came out
about 6 px high, the pawns' ids and the tray's values about 5 px (blue3 and blue5 could not be
told apart). The board is shrunk no further than FIT_WIDTH (narrower, it scrolls at that
width: board.js), so a scene text of TEXT_MIN units or more is READABLE_PX (11 CSS px) or more
wherever it is drawn. These tests read every text primitive of the scenes a learner meets:
every rulebook example and every turn of it (distances, ties, wraps, slides, pivots,
teleporters, pawns taken), a seven-player game's tray, a heat map with its labels, the
widget's selection; tests/browser/test_small_boards_browser.py measures them on the page.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from finstere_widget import examples
from finstere_widget.engine import Game, monster_turn
from finstere_widget.render import style as S
from finstere_widget.render.frames import trace_frames
from finstere_widget.render.primitives import Prim
from finstere_widget.render.scene import static_layer
from finstere_widget.teach.predict import puzzles


def _texts(prims: list[Prim]) -> Iterator[tuple[float, str]]:
    for p in prims:
        if p["k"] == "text":
            yield float(p["size"]), str(p["text"])


def test_the_smallest_word_reads_at_the_smallest_board() -> None:
    """TEXT_MIN units at FIT_WIDTH (the smallest the board is drawn) is 11 CSS px or more; a
    JupyterLab pane of 600 px (484 px of board) and the readable width fit it whole."""
    assert S.READABLE_PX == 11
    assert S.TEXT_MIN * S.FIT_WIDTH / S.WIDTH >= S.READABLE_PX
    assert S.FIT_WIDTH <= 484 and S.MIN_DISPLAY_WIDTH >= S.FIT_WIDTH


@pytest.mark.parametrize("name", examples.names())
def test_every_word_of_every_worked_example_and_its_turn_is_readable(name: str) -> None:
    start = examples.load(name)
    tile = examples.TILES.get(name)
    events = monster_turn(start, tile).events if tile else []
    _assert_readable(trace_frames(start, events, tile), name)


def test_every_word_of_the_puzzles_steps_is_readable() -> None:
    """Each kind of step (a tie, a wrap, a slide, a push, a crush, a pivot, a teleporter, a
    crystal) drawn with its overlays: distances, tie rings, the wall letter lit."""
    for puzzle in puzzles("all", n=40, seed=3):
        _assert_readable(trace_frames(puzzle.position, puzzle.events), puzzle.topic)


def _assert_readable(frames: list[Any], what: str) -> None:
    small = [
        (size, words, f.index)
        for f in frames
        for size, words in _texts(f.scene().primitives())
        if size < S.TEXT_MIN
    ]
    assert frames and not small, f"{what}: words below {S.TEXT_MIN} units: {small[:5]}"


@pytest.mark.parametrize("players", [2, 4, 7])
def test_a_game_at_its_start_names_every_waiting_pawn_readably(players: int) -> None:
    """Every pawn starts in the tray: each shows its number on its player's colour, at the
    board's smallest text size (blue3's "3" and blue5's "5" tell them apart)."""
    from finstere_widget.widget import GameView

    colours = ("blue", "yellow", "red", "green", "purple", "black", "white")[:players]
    v = GameView(colours, you="blue", bot="random", seed=1)
    scene = trace_frames(v.game.position, [])[0].scene()
    texts = list(_texts(scene.primitives()))
    assert min(size for size, _ in texts) >= S.TEXT_MIN, sorted(texts)[:3]
    for p in v.game.position.pawns:
        number = p.id[len(p.player) :]
        tags = [
            g
            for g in scene.groups
            if len(g) == 2
            and g[0]["k"] == "rect"
            and g[0].get("fill") == S.PLAYER[p.player]
            and g[1]["k"] == "text"
            and g[1]["text"] == number
        ]
        assert len(tags) == 1, f"{p.id}: {len(tags)} tags"
        assert tags[0][1].get("fill") == S.PLAYER_TEXT[p.player]


def test_a_played_game_a_heat_map_and_a_selection_draw_no_small_word() -> None:
    """A game played on (pawns on the board, taken, escaped), the danger map's labels, a
    pawn selected: the widget's own picture (its SVG) has no font size below TEXT_MIN."""
    from finstere_widget.widget import BoardWidget

    rng = random.Random(5)
    game = Game(["blue", "red", "green"], seed=4)
    for k in range(200):
        on_board = sum(isinstance(p.at, tuple) for p in game.position.pawns)
        if game.is_terminal() or (k > 20 and on_board >= 3 and not game.is_chance()):
            break
        if game.is_chance():
            game.sample_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
    pos = game.position
    assert any(isinstance(p.at, tuple) for p in pos.pawns), "pawns on the board"
    w = BoardWidget(pos, mode="move")
    w.show_values({sq: 0.5 for sq in ((3, 3), (4, 4))}, labels={(3, 3): "50%"})
    pictures = [w.svg()]
    w.select(next(p.id for p in pos.pawns if p.at != "escaped" and p.at != "eaten"))
    pictures.append(w.svg())
    sizes = [float(v) for svg in pictures for v in re.findall(r'font-size="([0-9.]+)"', svg)]
    assert len(sizes) > 60 and min(sizes) >= S.TEXT_MIN, min(sizes)
    texts = list(_texts(list(static_layer(pos, lang="de"))))
    assert min(size for size, _ in texts) >= S.TEXT_MIN
