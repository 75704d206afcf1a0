"""One error family and a curated API: every engine error is a FinstereError (a ValueError)
defined in engine/errors.py and exported; path syntax, bots, set-up, records and traces
have their own kinds; ``current_player`` says CHANCE or TERMINAL instead of a bare -1; the
engine imports nothing of the drawing code until a position is drawn."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import finstere_widget.engine as engine
from finstere_widget.design.bots import RandomBot, make_bot
from finstere_widget.engine import errors
from finstere_widget.engine.moves import parse_path

ENGINE = Path(engine.__file__).resolve().parent


def error_classes() -> list[type[Exception]]:
    return [
        c
        for _, c in inspect.getmembers(errors, inspect.isclass)
        if issubclass(c, Exception) and c.__module__ == errors.__name__
    ]


def test_every_error_is_a_finstere_error_and_a_value_error_and_exported() -> None:
    classes = error_classes()
    assert len(classes) >= 12
    for cls in classes:
        assert issubclass(cls, errors.FinstereError) and issubclass(cls, ValueError), cls
        assert cls.__name__ in engine.__all__, cls
    # no error class is defined anywhere else in the engine
    for path in ENGINE.glob("*.py"):
        if path.name != "errors.py":
            assert "Error(" not in "".join(
                line for line in path.read_text().splitlines() if line.startswith("class ")
            ), path


def test_a_path_syntax_error_is_not_an_illegal_move() -> None:
    with pytest.raises(errors.PathError) as info:
        parse_path("N,up")
    assert not isinstance(info.value, errors.IllegalMoveError)
    assert (info.value.token, info.value.index) == ("up", 1)


def test_bots_raise_bot_errors() -> None:
    with pytest.raises(errors.BotError, match="'nobody'"):
        make_bot("nobody")
    game = engine.Game(2, seed=3)
    while not game.is_chance():
        game.apply(RandomBot(1).choose(game))
    with pytest.raises(errors.BotError, match="nothing to choose"):
        RandomBot(1).choose(game)


def test_setup_trace_and_heading_errors_are_in_the_family() -> None:
    with pytest.raises(errors.SetupError, match="P1"):
        engine.Game(9)
    with pytest.raises(errors.PositionError, match="'Q'"):
        engine.Heading.parse("Q")
    start = engine.Position.basic()
    wrong = engine.Remove(1, (5, 5), (5, 5), "off_board")
    with pytest.raises(errors.TraceError, match=r"\[5, 5\]"):
        engine.replay(start, [wrong])


def test_current_player_is_chance_then_terminal() -> None:
    assert len({engine.CHANCE, engine.TERMINAL}) == 2 and max(engine.CHANCE, engine.TERMINAL) < 0
    game = engine.Game(2, seed=11)
    seen_chance = False
    bots = [RandomBot(0), RandomBot(1)]
    while not game.is_terminal():
        if game.is_chance():
            assert game.current_player == engine.CHANCE
            seen_chance = True
            game.sample_chance()
        else:
            assert 0 <= game.current_player < 2
            game.apply(bots[game.current_player].choose(game))
    assert seen_chance and game.current_player == engine.TERMINAL
    assert game.current_colour is None


def test_all_is_grouped_and_sorted_and_complete() -> None:
    source = (ENGINE / "__init__.py").read_text()
    block = source[source.index("__all__ = [") :]
    groups: list[list[str]] = []
    for line in block.splitlines()[1:]:
        line = line.strip()
        if line.startswith("#"):
            groups.append([])
        elif line.startswith('"'):
            groups[-1].append(line.strip('",'))
    assert len(groups) >= 5 and sum(map(len, groups)) == len(engine.__all__)
    for names in groups:
        consts = [n for n in names if n.isupper()]
        assert names == consts + sorted(n for n in names if not n.isupper()), names
    assert len(set(engine.__all__)) == len(engine.__all__)
    for name in engine.__all__:
        assert hasattr(engine, name), name


def test_the_engine_imports_no_drawing_code_until_a_position_is_drawn() -> None:
    code = (
        "import sys, finstere_widget.engine as e\n"
        "assert not [m for m in sys.modules if m.startswith('finstere_widget.render')]\n"
        "assert e.Position.basic()._repr_svg_().startswith('<svg')\n"
        "assert 'finstere_widget.render' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
