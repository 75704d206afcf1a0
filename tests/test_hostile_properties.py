"""Issue 11, property-based: mutated positions, options, tiles, paths, games, records, CLI
arguments and widget messages. For every generated input each door either succeeds with a
valid result or raises an error of the package's family whose message names the culprit --
never another exception, never a change of state, and never runaway work: each call stays
under 100 MB (tracemalloc) and under a generous multiple of a baseline measured in this
process (no absolute time limit)."""

from __future__ import annotations

import copy
import json
import re
import time
import tracemalloc
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finstere_widget import examples
from finstere_widget.engine import FinstereError, Position, RuleOptions, monster_turn
from finstere_widget.engine.errors import MAX_MESSAGE, shown
from finstere_widget.engine.game import Game
from finstere_widget.engine.monster import MAX_STEPS, Tile
from finstere_widget.engine.moves import apply_move, legal_moves

if TYPE_CHECKING:
    from finstere_widget.widget.board_traits import Mode

T = TypeVar("T")
MEMORY_LIMIT = 100 * 2**20
SETTINGS = settings(
    max_examples=120,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def _baseline() -> float:
    """Seconds for a small, typical piece of engine work (load a rulebook position, its
    monster turn and a pawn's legal moves), the best of a few runs, under tracemalloc as
    the properties run."""
    text = json.dumps(examples.data("monster_basic_8"))
    best = float("inf")
    tracemalloc.start()
    try:
        for _ in range(5):
            t0 = time.perf_counter()
            pos = Position.from_json(text)
            monster_turn(pos, "8")
            legal_moves(pos, pos.pawns[0].id)
            best = min(best, time.perf_counter() - t0)
    finally:
        tracemalloc.stop()
    return best


BASELINE = _baseline()
#: a generous bound: the worst legitimate call (a 6-point pawn's legal moves among many
#: stones, a 20-step tile) is well within it; runaway work (millions of outcomes) is not
TIME_LIMIT = max(400 * BASELINE, 0.25)


def bounded(call: Callable[[], T]) -> T | FinstereError:
    """Run ``call``: its value, or the FinstereError it raised (any other exception fails
    the test), checking its peak memory and time."""
    tracemalloc.start()
    t0 = time.perf_counter()
    try:
        try:
            result: T | FinstereError = call()
        except FinstereError as exc:
            result = exc
        elapsed = time.perf_counter() - t0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEMORY_LIMIT, f"{peak / 2**20:.0f} MB"
    if elapsed >= TIME_LIMIT:  # a shared machine may have slowed since the baseline was
        now = _baseline()  # taken: measure it again, side by side with the slow call
        limit = max(TIME_LIMIT, 400 * now)
        assert elapsed < limit, f"{elapsed:.2f} s > {limit:.2f} s ({now * 1e3:.2f} ms baseline)"
    return result


def names_culprit(exc: FinstereError, *words: str) -> None:
    """The message is short, printable, and names where the problem is."""
    text = str(exc)
    assert text and len(text) <= MAX_MESSAGE
    assert text.isprintable(), repr(text)
    assert any(w in text for w in words), text


# --- hostile values -----------------------------------------------------------------------

HOSTILE_TEXT = st.sampled_from(
    [
        "",
        " ",
        "<img src=x onerror=alert(1)>",
        "<!--<script>",
        "</script>",
        "\x1b]0;x\x07\x1b[2J",
        "\u2028",
        "²",
        "٣",
        "A" * 17,
        "Z" * 5000,
        "blue",
        "red",
        "yellow",
        "N",
        "E",
        "light",
        "dark",
        "outside",
        "escaped",
        "eaten",
        "stone",
        "crystal",
        "pivot_right",
        "finstere-position/1",
        "8",
        "XX",
        "-1",
        "1e9",
        "NaN",
        "A",
        "B",
        "blue1",
        "9" * 5000,
    ]
)
LEAF = st.one_of(
    HOSTILE_TEXT,
    st.text(max_size=20),
    st.integers(-3, 25),
    st.sampled_from([40, -40, 64, 5000]).map(lambda k: 10**k if k != 64 else 2**64),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
)
HOSTILE = st.recursive(
    LEAF,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(HOSTILE_TEXT, inner, max_size=3)
    ),
    max_leaves=8,
)


def paths_of(obj: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += paths_of(v, prefix + (k,))
    elif isinstance(obj, list):
        for k, v in enumerate(obj):
            out += paths_of(v, prefix + (k,))
    return out


@st.composite
def mutated(draw: st.DrawFn, base: Any) -> Any:
    """``base`` (a JSON document) with 1-3 mutations: a value replaced by a hostile one,
    a key deleted, a key added, or a value wrapped in deep nesting."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2, 3]))):
        path = draw(st.sampled_from(paths_of(doc)))
        if not path:
            continue
        parent = doc
        for k in path[:-1]:
            parent = parent[k]
        key = path[-1]
        how = draw(st.sampled_from(["replace", "replace", "delete", "add", "nest"]))
        if how == "replace":
            parent[key] = draw(HOSTILE)
        elif how == "delete":
            del parent[key]
        elif how == "add" and isinstance(parent, dict):
            parent[draw(HOSTILE_TEXT)] = draw(HOSTILE)
        elif how == "nest":
            value: Any = parent[key]
            for _ in range(draw(st.sampled_from([2, 50, 300]))):
                value = [value]
            parent[key] = value
    return doc


POSITION_DOCS = [examples.data(n) for n in examples.names()]
LOCATIONS = (
    "position",
    "format",
    "monster",
    "stones",
    "pools",
    "teleporters",
    "pawns",
    "stage",
    "layout",
    "square",
    "pair",
)


def check_position(pos: Position) -> None:
    """What every accepted position satisfies (docs/format.md)."""
    assert Position.from_json(pos.to_json()) == pos
    for p in pos.pawns:  # the documented sets, written out again here
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,16}", p.id), p.id
        assert p.player in ("blue", "yellow", "red", "green", "purple", "black", "white")
        assert 1 <= p.light <= 6 and p.light + p.dark == 7
    assert {t.pair for t in pos.teleporters} <= {"yellow", "blue"}
    assert type(pos.stage) is int


# --- positions ----------------------------------------------------------------------------


@SETTINGS
@given(st.sampled_from(POSITION_DOCS).flatmap(mutated))
def test_mutated_positions_load_or_are_named(doc: Any) -> None:
    before = copy.deepcopy(doc)
    result = bounded(lambda: Position.from_dict(doc))
    assert doc == before  # the input is not touched
    if isinstance(result, FinstereError):
        names_culprit(result, *LOCATIONS)
    else:
        check_position(result)
    try:
        text = json.dumps(doc)
    except (ValueError, RecursionError):
        return
    again = bounded(lambda: Position.from_json(text))
    # the same document as JSON text: the same position, or refused as well
    assert isinstance(again, FinstereError) == isinstance(result, FinstereError)
    if not isinstance(result, FinstereError):
        assert again == result


def either(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a valid value, sometimes a hostile one: one field wrong at a time."""
    return st.one_of(valid, valid, valid, HOSTILE)


@st.composite
def pawn_doc(draw: st.DrawFn) -> dict[str, Any]:
    """A valid pawn with at most one field made hostile."""
    light = draw(st.integers(1, 6))
    doc: dict[str, Any] = {
        "id": draw(st.sampled_from(["A", "B", "blue1", "08-25"])),
        "player": draw(st.sampled_from(["blue", "red", "white"])),
        "light": light,
        "dark": 7 - light,
        "up": draw(st.sampled_from(["light", "dark"])),
        "at": draw(st.sampled_from([[3, 3], [12, 9], "outside", "escaped"])),
    }
    field = draw(st.sampled_from([None, *doc]))
    if field in ("id", "player"):  # hostile text above all: markup, control characters
        doc[field] = draw(st.one_of(HOSTILE_TEXT, HOSTILE_TEXT, st.text(max_size=20), HOSTILE))
    elif field is not None:
        doc[field] = draw(HOSTILE)
    return doc


PAWN = pawn_doc()


@st.composite
def teleporter_docs(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A valid pair of teleporters with at most one field made hostile."""
    docs = [
        {"at": [5, 5], "pair": "yellow", "arrow": draw(st.sampled_from("NESW"))},
        {"at": [9, 6], "pair": "yellow", "arrow": draw(st.sampled_from("NESW"))},
    ]
    k = draw(st.integers(0, 1))
    field = draw(st.sampled_from([None, "at", "pair", "arrow"]))
    if field is not None:
        docs[k][field] = draw(
            st.one_of(HOSTILE_TEXT, HOSTILE, st.sampled_from([[0, 0], [15, 10], [5, 5]]))
        )
    return docs


@SETTINGS
@given(
    st.one_of(
        st.lists(
            PAWN,
            min_size=1,
            max_size=2,
            unique_by=(lambda d: shown(d.get("id")), lambda d: shown(d.get("at"))),
        ),
        st.tuples(teleporter_docs()),
        st.tuples(either(st.sampled_from([1, 2]))),
    )
)
def test_generated_pieces_load_or_are_named(pieces: Any) -> None:
    doc: dict[str, Any] = {
        "format": "finstere-position/1",
        "monster": {"at": [1, 0], "facing": "E"},
    }
    if isinstance(pieces, list):
        doc["pawns"] = pieces
    elif isinstance(pieces[0], list):
        doc["teleporters"] = pieces[0]
    else:
        doc["stage"] = pieces[0]
    result = bounded(lambda: Position.from_dict(doc))
    if isinstance(result, FinstereError):
        names_culprit(result, *LOCATIONS)
    else:
        check_position(result)


@settings(SETTINGS, max_examples=60)
@given(
    st.sampled_from(POSITION_DOCS).flatmap(mutated),
    st.sampled_from(["pawns", "stones", "monster", "teleporters", "stage", "pools"]),
)
def test_constructors_check_like_the_loader(doc: Any, field: str) -> None:
    """Position.replace with the field of a mutated document (when that field alone loads
    in a valid position, replace accepts it; a refused one leaves the original as it was)."""
    base = Position.from_dict(examples.data("monster_advanced_8"))
    loaded = bounded(lambda: Position.from_dict(doc))
    if isinstance(loaded, FinstereError):
        return
    result = bounded(lambda: base.replace(**{field: getattr(loaded, field)}))
    assert base == Position.from_dict(examples.data("monster_advanced_8"))
    if isinstance(result, FinstereError):
        names_culprit(result, *LOCATIONS)
    else:
        check_position(result)


@settings(SETTINGS, max_examples=80)
@given(st.text(alphabet=".~#*)(@^><v=ABCX0123456789 \n", max_size=400) | HOSTILE)
def test_diagrams_parse_or_are_named(text: Any) -> None:
    result = bounded(lambda: Position.from_diagram(text))
    if isinstance(result, FinstereError):
        names_culprit(result, "diagram", *LOCATIONS)
    else:
        check_position(result)


# --- options and tiles ---------------------------------------------------------------------

OPTION_TEXT = st.sampled_from(
    [
        f"{n}={v}"
        for n in RuleOptions.names()
        for v in ("on", "off", "7", "8", "stop", "eat", "keep", "x", "")
    ]
)


@SETTINGS
@given(
    st.one_of(
        st.lists(OPTION_TEXT | HOSTILE, max_size=4),
        st.dictionaries(st.sampled_from(RuleOptions.names()) | HOSTILE_TEXT, HOSTILE, max_size=3),
        HOSTILE,
    )
)
def test_options_parse_or_are_named(value: Any) -> None:
    result = bounded(lambda: RuleOptions.parse(value))
    if isinstance(result, FinstereError):
        names_culprit(result, "option")
    else:
        assert RuleOptions.parse(result.to_dict()) == result  # the typed value is the text's


@SETTINGS
@given(st.sampled_from(RuleOptions.names()), HOSTILE)
def test_option_constructor_checks_like_set(name: str, value: Any) -> None:
    by_set = bounded(lambda: RuleOptions().set(name, value))
    by_init = bounded(lambda: RuleOptions(**{name: value}))
    assert isinstance(by_set, FinstereError) == isinstance(by_init, FinstereError)
    if isinstance(by_init, FinstereError):
        names_culprit(by_init, name)
    else:
        assert by_init == by_set


@SETTINGS
@given(st.one_of(HOSTILE, st.integers(), st.text(alphabet="0123456789xX² ", max_size=12)))
def test_tiles_parse_or_are_named(tile: Any) -> None:
    result = bounded(lambda: Tile.parse(tile))
    if isinstance(result, FinstereError):
        names_culprit(result, "tile")
    else:
        assert 1 <= result.steps <= MAX_STEPS
        turn = bounded(lambda: monster_turn(examples.load("monster_basic_8"), tile))
        assert not isinstance(turn, FinstereError)


# --- paths and moves -----------------------------------------------------------------------

TOKENS = st.sampled_from(["N", "E", "S", "W", "IN", "OUT", "n", "", "X", "NN", "²"])


@SETTINGS
@given(
    st.sampled_from(["pawn_example_1", "pawn_example_2", "monster_advanced_8"]),
    st.one_of(st.sampled_from(["A", "B", "E", "P4", "P5", "nobody"]), HOSTILE),
    st.one_of(st.lists(TOKENS, max_size=9), st.lists(TOKENS, max_size=9).map(",".join), HOSTILE),
)
def test_moves_apply_or_are_named(name: str, pawn: Any, path: Any) -> None:
    pos = examples.load(name)
    before = pos.to_dict()
    result = bounded(lambda: apply_move(pos, pawn, path))
    assert pos.to_dict() == before
    if isinstance(result, FinstereError):
        names_culprit(
            result, "token", "path", "pawn", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9"
        )
    else:
        check_position(result.position)
        outcomes = bounded(lambda: legal_moves(pos, pawn))
        assert not isinstance(outcomes, FinstereError)
        assert result.to in {o.to for o in outcomes}


def test_worst_legal_moves_stay_bounded() -> None:
    """A 6-point pawn (the most P1 allows) in a board full of stones and pools: the search
    is bounded (issue 11.4: a 20-point pawn once took 53 s and 3.7 GB)."""
    doc = examples.data("monster_advanced_8")
    doc["pawns"] = [{"id": "A", "player": "blue", "light": 6, "dark": 1, "at": [8, 6]}]
    result = bounded(lambda: legal_moves(Position.from_dict(doc), "A"))
    assert not isinstance(result, FinstereError) and len(result) > 1


# --- games and records ---------------------------------------------------------------------

ACTION = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("move"),
            "pawn": st.sampled_from(["blue1", "blue3", "yellow5", "x"]) | HOSTILE,
            "path": st.lists(TOKENS, max_size=5) | HOSTILE,
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("tile"),
            "tile": st.sampled_from(["5", "7", "8", "10", "X", "XX", "3"]) | HOSTILE,
        }
    ),
    st.fixed_dictionaries({"type": st.just("place"), "piece": HOSTILE_TEXT, "at": HOSTILE}),
    st.dictionaries(HOSTILE_TEXT, HOSTILE, max_size=3),
    HOSTILE,
)


@settings(SETTINGS, max_examples=60)
@given(st.lists(ACTION, min_size=1, max_size=6), st.integers(0, 3))
def test_game_actions_apply_or_leave_the_game_unchanged(actions: list[Any], legal: int) -> None:
    game = Game(2, seed=11)
    for _ in range(legal):  # a few legal actions first, so later phases are reached
        game.apply(game.legal_actions()[0])
    for action in actions:
        before = game.to_record()
        result = bounded(lambda: game.apply(action))  # noqa: B023
        if isinstance(result, FinstereError):
            assert game.to_record() == before
            names_culprit(
                result, "action", "pawn", "tile", "token", "path", "A1", "T1", "T2", "M1", "M2", "P"
            )
        else:
            assert Game.from_record(game.to_record()).to_record() == game.to_record()


RECORD = Game(2, seed=4)
while not RECORD.is_terminal() and len(RECORD.history) < 30:
    RECORD.apply(
        RECORD.legal_actions()[-1] if not RECORD.is_chance() else RECORD.legal_actions()[0]
    )
RECORD_DOC = RECORD.to_record()
RECORD_DOC.pop("final_position")  # mutations of the (long) final position are the loader's


@settings(SETTINGS, max_examples=60)
@given(mutated(RECORD_DOC))
def test_mutated_records_replay_or_are_named(doc: Any) -> None:
    before = copy.deepcopy(doc)
    result = bounded(lambda: Game.from_record(doc))
    assert doc == before
    if isinstance(result, FinstereError):
        names_culprit(
            result,
            "record",
            "setup",
            "seed",
            "players",
            "P1",
            "option",
            "first_player",
            "round",
            "tiles_played",
            "advanced",
            "position",
            "format",
            "pawns",
        )
    else:
        again = Game.from_record(result.to_record())
        assert again.to_record() == result.to_record()


# --- the command line ----------------------------------------------------------------------

ARG = st.one_of(
    st.sampled_from(
        [
            "--tile",
            "--pawn",
            "--path",
            "--option",
            "--json",
            "--stage",
            "8",
            "X",
            "A",
            "N,W",
            "1",
            "2",
            "-",
            "²",
            "9" * 5000,
            "slide_over_pawn=stop",
            "\x1b[2J",
        ]
    ),
    st.text(max_size=8),
)


@settings(SETTINGS, max_examples=60)
@given(
    st.sampled_from(["monster", "move", "moves"]),
    st.lists(ARG, max_size=6),
    st.sampled_from(POSITION_DOCS).flatmap(mutated) | HOSTILE,
)
def test_cli_succeeds_or_fails_in_one_line(
    tmp_path_factory: pytest.TempPathFactory, command: str, args: list[str], doc: Any
) -> None:
    from finstere_widget.cli import main

    folder = tmp_path_factory.mktemp("cli", numbered=True)
    path = folder / "p.json"
    try:
        path.write_text(json.dumps(doc))
    except (ValueError, RecursionError):
        path.write_bytes(b"\xff")
    import contextlib
    import io

    out, err = io.StringIO(), io.StringIO()
    status: object
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = bounded(lambda: main([command, str(path), *args]))
        except SystemExit as exc:  # argparse: usage and one error line
            status = exc.code
    text = err.getvalue()
    assert "Traceback" not in text
    assert all(c.isprintable() for c in (text + out.getvalue()).replace("\n", "")), (text, out)
    if status == 0:
        assert text == "" or text.startswith("saved ")
    else:
        assert status == 2, (status, text)
        lines = text.splitlines()
        assert lines and (len(lines) == 1 or lines[0].startswith("usage:"))
        assert out.getvalue() == ""


# --- widget messages -----------------------------------------------------------------------

MESSAGE = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("click"),
            "square": st.lists(st.integers(-2, 17), min_size=2, max_size=2) | HOSTILE,
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("click"),
            "zone": st.sampled_from(
                ["pawn:A", "pawn:B", "place:outside", "place:escaped", "pawn:<img>"]
            )
            | HOSTILE,
        }
    ),
    st.dictionaries(HOSTILE_TEXT, HOSTILE, max_size=3),
    HOSTILE,
)
UPDATE = st.dictionaries(
    st.sampled_from(
        ["frame", "mode", "static", "groups", "frames", "event_log", "hint", "geometry"]
    )
    | HOSTILE_TEXT,
    HOSTILE,
    min_size=1,
    max_size=3,
)


@settings(SETTINGS, max_examples=50)
@given(
    st.sampled_from(["view", "move", "edit"]),
    st.lists(
        st.tuples(st.sampled_from(["custom", "update", "bogus"]), MESSAGE | UPDATE), max_size=5
    ),
)
def test_widget_messages_never_raise_or_corrupt(mode: Mode, messages: list[Any]) -> None:
    from finstere_widget.widget import BoardWidget

    start = examples.load("monster_basic_8")
    w = BoardWidget(start, mode=mode)
    for method, content in messages:
        # straight to the handlers: ipywidgets' own dispatch logs exceptions instead of
        # raising them, which would hide a crash from this test
        if method == "custom":
            call: Callable[[], Any] = lambda: w._handle_custom_msg(content, [])  # noqa: B023, E731
        elif method == "update":
            call = lambda: w.set_state(content)  # noqa: B023, E731
        else:
            msg = {"content": {"data": {"method": method}}, "buffers": []}
            call = lambda: w._handle_msg(msg)  # noqa: B023, E731
        result = bounded(call)
        assert not isinstance(result, FinstereError)
        assert w.mode == mode and isinstance(w.frame, int)
        assert isinstance(w.hint, str) and not w.hint.startswith("could not handle")
        check_position(w.position)
        if mode == "view":
            assert w.position == start
