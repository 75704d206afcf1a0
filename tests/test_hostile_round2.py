"""A second round of hostile and careless input, door by door: the command line's other
subcommands and options, the batch sizes of simulate and study, JSON that is not JSON
(NaN, Infinity, a key given twice), puzzle files, the control panel's synced trait, and
text that reaches SVG. Each case failed before its fix (see the commit that added it)."""

from __future__ import annotations

import copy
import json
import logging
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from finstere_widget import examples
from finstere_widget.engine import Position, PositionError, RuleOptions
from finstere_widget.engine.errors import OptionError, PuzzleError, RecordError, SetupError
from tests.test_hostile_doors import cli


@pytest.fixture
def no_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any process pool started fails the test (a refused --jobs must start none: 100000
    workers once were forked, one after the other)."""
    import finstere_widget.design.simulation as sim

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a process pool was started")

    monkeypatch.setattr(sim, "ProcessPoolExecutor", refuse)


# --- simulate and study: how many workers, how many games -------------------------------------


@pytest.mark.parametrize("jobs", [0, -1, 10**5, 10**100, 2.0, "4", True])
def test_simulate_refuses_a_number_of_workers_out_of_bounds(jobs: Any, no_pool: None) -> None:
    from finstere_widget.design.simulation import simulate

    with pytest.raises(SetupError, match="jobs"):
        simulate(1, 2, ["random"], jobs=jobs)


@pytest.mark.parametrize("jobs", [0, 10**5, 2.5])
def test_study_and_league_refuse_workers_out_of_bounds(jobs: Any, no_pool: None) -> None:
    from finstere_widget import design as st

    with pytest.raises(SetupError, match="jobs"):
        st.study(1, [2], [["random"]], jobs=jobs)
    with pytest.raises(SetupError, match="jobs"):
        st.league(["random", "greedy"], [2], 1, jobs=jobs)


def test_the_command_line_refuses_100000_workers_before_any_game(
    capsys: pytest.CaptureFixture[str], no_pool: None
) -> None:
    for command in ("simulate", "study"):
        status, out, err = cli(capsys, command, "--games", "1", "--jobs", "100000")
        assert status == 2 and out == "" and err.count("\n") == 1, err
        assert err.startswith("error: ") and "jobs" in err and "100000" in err


@pytest.mark.parametrize("games", [10**8, 10**100, -1, 2.5, "5"])
def test_study_refuses_more_games_than_it_plays_before_building_them(
    games: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``study --games 100000000`` built a list of 10**8 games before playing the first
    (memory without bound): the number is checked first, against the games of every
    variant together."""
    import finstere_widget.design.studies as es
    from finstere_widget import design as st
    from finstere_widget.engine.errors import StudyError

    def no_games(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("games were built before the number was checked")

    monkeypatch.setattr(es, "GameSpec", no_games)
    with pytest.raises(StudyError, match="games"):
        st.study(games, [2], [["random"]])
    with pytest.raises(StudyError, match="games"):
        st.league(["random", "greedy"], [2, 3], games)
    # a million games in all: a million for one variant is allowed, not for three
    with pytest.raises(StudyError, match="333333 per variant"):
        st.study(400_000, [2, 3, 4], [["random"]])


def test_study_command_refuses_a_hundred_million_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import finstere_widget.design.studies as es

    monkeypatch.setattr(es, "GameSpec", None)  # any game built fails
    status, out, err = cli(capsys, "study", "--games", "100000000")
    assert status == 2 and out == "" and err.count("\n") == 1 and "games" in err, err


def test_study_and_league_refuse_a_seed_simulate_refuses(no_pool: None) -> None:
    """simulate and Game refuse a seed out of 0..2**64-1; study took -1 and 10**23."""
    from finstere_widget import design as st

    seeds: list[Any] = [-1, 10**23, "0", 1.0]  # wrong types on purpose
    for seed in seeds:
        with pytest.raises(SetupError, match="seed"):
            st.study(1, [2], [["random"]], seed=seed)
        with pytest.raises(SetupError, match="seed"):
            st.league(["random", "greedy"], [2], 1, seed=seed)


# --- JSON that is not JSON --------------------------------------------------------------------


def position_text() -> str:
    return json.dumps(examples.data("monster_basic_8"))


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_nan_and_infinity_are_not_json(constant: str) -> None:
    """Python's json reads NaN and Infinity, which JSON does not have: every door refuses
    them as malformed JSON (an answer square of Infinity crashed the puzzle loader)."""
    from finstere_widget.engine.game import Game
    from finstere_widget.teach.predict import puzzles_from_json

    doc = examples.data("monster_basic_8")
    text = json.dumps(doc)[:-1] + f', "stage": {constant}}}'
    with pytest.raises(PositionError, match=f"position: malformed JSON: {constant} is not JSON"):
        Position.from_json(text)
    game = Game(2, seed=1)
    record = game.to_json()[:-1] + f', "x": [{constant}]}}'
    with pytest.raises(RecordError, match=f"record: malformed JSON: .*{constant}"):
        Game.from_record(record)
    with pytest.raises(PuzzleError, match=f"puzzles: malformed JSON: .*{constant}"):
        puzzles_from_json(f'{{"format": "finstere-puzzles/1", "puzzles": [{constant}]}}')


def test_a_key_given_twice_is_refused_naming_it(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """A hand-edited file with a second ``"stage"`` (or ``"pawns"``) silently lost the
    first one: now it is malformed JSON naming the key."""
    from finstere_widget.engine.game import Game

    text = position_text()
    twice = text[:-1] + ', "stage": 2, "stage": 1}'
    with pytest.raises(PositionError, match="key 'stage' given twice"):
        Position.from_json(twice)
    nested = text.replace('"facing": ', '"facing": "N", "facing": ', 1)
    with pytest.raises(PositionError, match="key 'facing' given twice"):
        Position.from_json(nested)
    record = Game(2, seed=1).to_json()
    with pytest.raises(RecordError, match="key 'format' given twice"):
        Game.from_record('{"format": 1, ' + record[1:])
    (tmp_path / "twice.json").write_text(twice)
    status, out, err = cli(capsys, "monster", str(tmp_path / "twice.json"), "--tile", "8")
    assert status == 2 and out == "" and "'stage' given twice" in err
    assert Position.from_json(text) == examples.load("monster_basic_8")


def test_a_rule_option_given_twice_on_the_command_line_is_refused(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--option slide_over_pawn=stop --option slide_over_pawn=eat`` played 'eat' without
    a word (study refused it): each option is given once."""
    with pytest.raises(OptionError, match="option 'slide_over_pawn' given twice"):
        RuleOptions.parse(["slide_over_pawn=stop", "slide_over_pawn = eat"])
    assert RuleOptions.parse(["slide_over_pawn=stop", "finish_round=on"]).finish_round
    path = tmp_path / "p.json"
    path.write_text(position_text())
    status, out, err = cli(
        capsys,
        "monster",
        str(path),
        "--tile",
        "8",
        "--option",
        "slide_over_pawn=stop",
        "--option",
        "slide_over_pawn=eat",
    )
    assert status == 2 and out == "" and "given twice" in err


# --- puzzle files ---------------------------------------------------------------------------


def puzzle_doc() -> dict[str, Any]:
    from finstere_widget.teach.predict import puzzles, puzzles_to_json

    return dict(json.loads(puzzles_to_json(puzzles("all", n=2, seed=1))))


@pytest.mark.parametrize(
    "shape",
    ["inf", "nan", "text", "digits", "bool", "float", "three", "none"],
)
def test_a_puzzle_answer_of_the_wrong_shape_is_named(shape: str) -> None:
    """An answer's square is two whole numbers: Infinity crashed (OverflowError), and the
    right square written as "53", ["5", 3], [5.0, 3] or [5, 3, 0] was taken as it."""
    from finstere_widget.teach.predict import Puzzle

    doc = puzzle_doc()["puzzles"][0]
    good = copy.deepcopy(doc)
    x, y = doc["answer"]["square"]
    doc["answer"]["square"] = {
        "inf": [float("inf"), y],
        "nan": [float("nan"), y],
        "text": [str(x), y],
        "digits": f"{x}{y}",
        "bool": [x, True] if y == 1 else [x, y == 1],
        "float": [float(x), y],
        "three": [x, y, 0],
        "none": None,
    }[shape]
    with pytest.raises(PuzzleError, match=r"puzzles\[0\]\.answer: expected square"):
        Puzzle.from_dict(doc, "puzzles[0]")
    assert Puzzle.from_dict(good).to_dict() == good


@pytest.mark.parametrize(
    ("key", "value"), [("facing", "north"), ("facing", ["N"]), ("taken", "AB"), ("taken", [1])]
)
def test_a_puzzle_answer_facing_and_taken_are_checked(key: str, value: Any) -> None:
    from finstere_widget.teach.predict import Puzzle

    doc = puzzle_doc()["puzzles"][0]
    doc["answer"][key] = value
    with pytest.raises(PuzzleError, match=r"puzzle\.answer: expected square, facing and taken"):
        Puzzle.from_dict(doc)


# --- the control panel's synced trait ---------------------------------------------------------


def test_the_control_panel_refuses_front_end_updates(caplog: pytest.LogCaptureFixture) -> None:
    """``controls`` is Python's description of the controls: a front end that sets it
    (``[1, "<img src=x>"]``) corrupted it (``repr`` then raised a TypeError, and every
    other view drew the bogus list). Refused and logged, the panel unchanged."""
    from finstere_widget.widget import GameView
    from finstere_widget.widget.panel import ControlPanel

    panel = ControlPanel([GameView(players=("blue", "red"), you="blue", seed=1)])
    before = copy.deepcopy(panel.controls)
    updates: list[Any] = [
        {"controls": [1, "<img src=x>"]},
        {"controls": []},
        {"layout": "x", "controls": None},
        "not a dict",
    ]
    with caplog.at_level(logging.WARNING):
        for update in updates:
            panel._handle_msg(
                {"content": {"data": {"method": "update", "state": update}}, "buffers": []}
            )
    assert panel.controls == before and repr(panel).startswith("ControlPanel(column")
    assert sum("refused" in r.getMessage() for r in caplog.records) == 4


# --- text that reaches SVG and HTML -----------------------------------------------------------

ODD_TEXT = [
    "\x1b[2J",
    "a\x00b",
    "\x07bell\x7f",
    "\ufffe\uffff",
    "\ud800 lone",
    "<b>&amp;</b>",
    "\u202eRTL\u200f",
    "🦖 emoji",
    "]]>",
    "x" * 20_000,
]


@pytest.mark.parametrize("text", ODD_TEXT, ids=range(len(ODD_TEXT)))
def test_svg_with_any_title_or_text_is_well_formed(text: str) -> None:
    """A title or a text primitive holding characters XML 1.0 forbids (control
    characters, U+FFFE, a lone surrogate) made SVG that no XML parser reads: they are
    written as U+FFFD; markup is escaped; the rest is kept."""
    from finstere_widget.render import Scene, build_scene, scene_svg
    from finstere_widget.render.animate import turn_svg

    pos = examples.load("monster_basic_8")
    scene = build_scene(pos).to_dict()
    scene["primitives"].append(
        {"k": "text", "x": 1, "y": 1, "size": 10, "fill": "#000000", "text": text}
    )
    for svg in (
        scene_svg(build_scene(pos), title=text),
        turn_svg(pos, "8", title=text),
        scene_svg(Scene.from_dict(scene)),
    ):
        root = ET.fromstring(svg.encode("utf-8"))
        shown = "".join(root.itertext())
        assert "<b>" not in svg and "\x1b" not in shown
        if text.isprintable():
            assert text in shown


@pytest.mark.parametrize("text", ODD_TEXT, ids=range(len(ODD_TEXT)))
def test_html_page_with_any_title_is_written_and_parses(text: str, tmp_path: Any) -> None:
    from finstere_widget.widget import BoardWidget

    page = BoardWidget(examples.load("monster_basic_8")).to_html(tmp_path / "p.html", title=text)
    html = page.read_text(encoding="utf-8")
    titles: list[str] = []

    class Titles(HTMLParser):
        inside = False

        def handle_starttag(self, tag: str, attrs: Any) -> None:
            self.inside = tag == "title"

        def handle_endtag(self, tag: str) -> None:
            self.inside = False

        def handle_data(self, data: str) -> None:
            if self.inside:
                titles.append(data)

    Titles(convert_charrefs=True).feed(html)
    assert len(titles) == 1 and "<b>" not in html.split("<title>", 1)[1].split("</title>")[0]
    if text.isprintable():
        assert titles[0] == text


# --- the command line's other doors -----------------------------------------------------------


def test_a_saved_file_name_is_told_printable(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """``monster --save`` told 'saved FILE' with the name's control characters raw on the
    terminal (``\\x1b[2J`` cleared the screen)."""
    path = tmp_path / "p.json"
    path.write_text(position_text())
    save = tmp_path / "a\x1b[2J.svg"
    status, out, err = cli(capsys, "monster", str(path), "--tile", "8", "--save", str(save))
    assert status == 0 and save.exists()
    assert err.count("\n") == 1 and "\x1b" not in err and "\\x1b[2J.svg" in err


# --- the Python doors, given the wrong types --------------------------------------------------

WRONG = [None, 5, 2.5, float("nan"), "x", "<img src=x>", [1], {"a": 1}, True, b"x", object()]


@pytest.mark.parametrize("value", WRONG, ids=range(len(WRONG)))
def test_widgets_refuse_options_of_the_wrong_type(value: Any) -> None:
    """``MonsterStepper(options=5)`` and ``GameView(options="x")`` crashed with an
    AttributeError (``to_dict``); a mapping or NAME=VALUE texts are read as RuleOptions.parse
    reads them, anything else is an OptionError naming the options."""
    from finstere_widget.widget import GameView, MonsterStepper

    pos = examples.load("monster_basic_8")
    if value is None:
        assert MonsterStepper(pos, options=value).options == RuleOptions()
        return
    for make in (
        lambda: MonsterStepper(pos, options=value),
        lambda: GameView(options=value),
    ):
        with pytest.raises(OptionError, match="option"):
            make()
    stepper = MonsterStepper(pos, tile=1)
    frames = stepper.board.frames
    with pytest.raises(OptionError, match="option"):
        stepper.options = value
    with pytest.raises(OptionError, match="option"):
        stepper.play_from(pos, value)
    assert stepper.options == RuleOptions() and stepper.board.frames == frames


def test_widgets_read_options_given_as_a_mapping_or_texts() -> None:
    from finstere_widget.widget import GameView, MonsterStepper

    pos = examples.load("monster_basic_8")
    stop = RuleOptions(slide_over_pawn="stop")
    assert MonsterStepper(pos, options={"slide_over_pawn": "stop"}).options == stop
    assert MonsterStepper(pos, options=["slide_over_pawn=stop"]).options == stop
    assert GameView(options={"slide_over_pawn": "stop"}).game.options == stop


@pytest.mark.parametrize("value", WRONG, ids=range(len(WRONG)))
def test_game_view_refuses_players_and_you_of_the_wrong_type(value: Any) -> None:
    """``GameView(players=5)`` or ``you=2.5`` crashed with a TypeError."""
    from finstere_widget.widget import GameView

    with pytest.raises(SetupError, match="players"):
        GameView(players=value)
    with pytest.raises(SetupError, match="you"):
        GameView(players=("blue", "red"), you=value)


def test_game_view_and_stepper_refuse_their_other_arguments_of_the_wrong_type() -> None:
    """``GameView(seed="x")``, ``advanced="no"`` (traitlets' TraitError), ``game=5``
    (AttributeError) and ``MonsterStepper(option_names=5)`` (TypeError) or ``("x",)``
    (KeyError) crashed outside the error family."""
    from finstere_widget.widget import GameView, MonsterStepper

    for kwargs, culprit in (
        ({"seed": "x"}, "seed"),
        ({"seed": 2.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"advanced": "no"}, "advanced"),
        ({"game": 5}, "game"),
    ):
        with pytest.raises(SetupError, match=culprit):
            GameView(players=("blue", "red"), **kwargs)
    pos = Position.basic()
    for names, culprit in (
        (5, "option_names"),
        ("pivot_when_tied", "option_names"),
        (("x",), "unknown rule option 'x'"),
        ([["x"]], "unknown rule option"),
    ):
        with pytest.raises(OptionError, match=culprit):
            MonsterStepper(pos, option_names=cast(Any, names))
    assert list(MonsterStepper(pos, option_names=["pivot_when_tied"]).option_widgets) == [
        "pivot_when_tied"
    ]


def test_game_view_refuses_a_colour_that_plays_no_seat() -> None:
    from finstere_widget.widget import GameView

    for you in ("mauve", "yellow", ["blue", "green"]):
        with pytest.raises(SetupError, match=r"you=.* are not players of this game \(blue, red\)"):
            GameView(players=("blue", "red"), you=you)
    assert GameView(players=("blue", "red"), you=["red"]).game is not None


@pytest.mark.parametrize("value", [*WRONG, (), "puzzles"], ids=range(len(WRONG) + 2))
def test_puzzle_quiz_refuses_what_is_no_list_of_puzzles(value: Any) -> None:
    from finstere_widget.widget import PuzzleQuiz

    with pytest.raises(PuzzleError, match="PuzzleQuiz"):
        PuzzleQuiz(value)


def test_puzzle_quiz_show_refuses_what_is_no_puzzle_number() -> None:
    from finstere_widget.teach.predict import puzzles
    from finstere_widget.widget import PuzzleQuiz

    quiz = PuzzleQuiz(puzzles("all", n=3, seed=1))
    quiz.show(1)
    for k in (None, "x", "2", 1.5, float("nan"), [1], True):
        with pytest.raises(PuzzleError, match="show"):
            quiz.show(k)  # type: ignore[arg-type]
        assert quiz.index == 1
    quiz.show(99)  # a number out of range is clamped, as documented
    assert quiz.index == 2


# --- the engine's other doors, given the wrong types -------------------------------------------


@pytest.mark.parametrize("value", [[1], {"a": 1}, object(), 2.5, b"x"])
def test_a_bot_seed_of_the_wrong_type_is_named(value: Any) -> None:
    from finstere_widget.design.bots import make_bot
    from finstere_widget.engine.errors import BotError

    with pytest.raises(BotError, match="seed"):
        make_bot("random", value)
    assert make_bot("random", "3/1").name == make_bot("random", 7).name


def test_pawn_moves_of_an_unhashable_id_are_none() -> None:
    """``Game.pawn_moves`` answers 'no move' for a pawn it does not know; ``["A"]``
    raised a TypeError (unhashable) instead."""
    from finstere_widget.engine.game import Game

    game = Game(2, seed=1)
    for pawn in (["blue1"], {"a": 1}, None, 5):
        assert game.pawn_moves(pawn) == []  # type: ignore[arg-type]
    assert game.pawn_moves("blue5")


@pytest.mark.parametrize("attempts", [None, "x", 2.5, True, 0, -1, 10**9])
def test_puzzles_refuse_a_number_of_attempts_out_of_bounds(attempts: Any) -> None:
    """``max_attempts`` of the wrong type raised a TypeError; 10**9 attempts at a level no
    step reaches ran for hours."""
    from finstere_widget.teach.predict import puzzles

    with pytest.raises(PuzzleError, match="max_attempts"):
        puzzles("M5", n=1, difficulty=9, max_attempts=attempts)


# --- every subcommand's options, with odd values (seeded hypothesis) ---------------------------

ODD_NUMBER = [
    "0",
    "-1",
    "1.5",
    "1e3",
    "0x10",
    "9" * 30,
    "9" * 5000,
    "",
    " ",
    "NaN",
    "inf",
    "²",
    "\x1b[2J",
    "\u202e3",
    "--",
]
SUBCOMMANDS: dict[str, tuple[list[str], dict[str, list[str]]]] = {
    # the command's own arguments that keep it small, and its options with odd values
    "simulate": (
        ["--games", "2", "--no-progress"],
        {
            "--games": ODD_NUMBER + ["100000000"],
            "--players": ODD_NUMBER + ["8", "2,3"],
            "--seed": ODD_NUMBER + [str(2**64)],
            "--jobs": ODD_NUMBER + ["100000"],
            "--bots": ["", ",", "mcts:0", "mcts:99999", "random:1", "<b>", "greedy:²"],
            "--option": ["", "=", "x=y", "tiles_per_stage=9", "slide_over_pawn=stop,eat"],
            "--lang": ["", "xx", "../fr", "\x1b"],
        },
    ),
    "study": (
        ["--games", "2", "--no-progress", "--bots", "random"],
        {
            "--games": ODD_NUMBER + ["100000000"],
            "--players": ODD_NUMBER + ["2,,3", "2,2", "1,8"],
            "--seed": ODD_NUMBER + [str(2**64)],
            "--jobs": ODD_NUMBER + ["100000"],
            "--option": ["", "=", "x=y", "slide_over_pawn=", "slide_over_pawn=eat,eat,x"],
            "--plot": ["", "x.txt", "/nonexistent/x.png", "/nonexistent/\x1b.png", "/"],
            "--lang": ["", "xx"],
        },
    ),
    "puzzles": (
        ["-n", "1"],
        {
            "-n": ODD_NUMBER + ["201"],
            "--seed": ODD_NUMBER,
            "--difficulty": ODD_NUMBER + ["99"],
            "--rule": ["", "m5", "M99", "<b>", "\x1b", "all"],
            "--out": ["", "/nonexistent/x.json", "/"],
            "--lang": ["", "xx"],
        },
    ),
    "play": (
        ["--watch", "--bots", "random"],
        {
            "--players": ODD_NUMBER + ["8"],
            "--seed": ODD_NUMBER + [str(2**64)],
            "--first": ODD_NUMBER + ["7"],
            "--seat": ODD_NUMBER,
            "--bots": ["", ",", "nobody", "mcts:0"],
            "--record": ["", "/", "/nonexistent/x.json"],
            "--option": ["", "x=y", "finish_round=maybe"],
            "--lang": ["", "xx"],
        },
    ),
}


@st.composite
def odd_command_line(draw: st.DrawFn) -> list[str]:
    """A subcommand, its small run, and one to three of its options given odd values."""
    command = draw(st.sampled_from(sorted(SUBCOMMANDS)))
    base, options = SUBCOMMANDS[command]
    argv = [command, *base]
    for name in draw(st.lists(st.sampled_from(sorted(options)), min_size=1, max_size=3)):
        argv += [name, draw(st.sampled_from(options[name]))]
    return argv


@settings(max_examples=80, deadline=None, derandomize=True)
@given(odd_command_line())
def test_every_subcommand_with_odd_values_succeeds_or_fails_in_one_line(argv: list[str]) -> None:
    """Exit status 0, or 2 with the usage and one ``error:`` line (printable, short) and
    nothing on stdout; never a traceback, never a process pool (--jobs is refused or 1)."""
    import contextlib
    import io
    from unittest import mock

    import finstere_widget.design.simulation as sim
    from finstere_widget.cli import main

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a process pool was started")

    out, err = io.StringIO(), io.StringIO()
    with (
        mock.patch.object(sim, "ProcessPoolExecutor", refuse),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            status: object = main(argv)
        except SystemExit as exc:  # argparse: the usage and one error line
            status = exc.code
    text = err.getvalue()
    assert "Traceback" not in text
    lines = text.splitlines()
    if status == 0 and not text.startswith(("usage:", "error:")):
        assert all(line.isprintable() for line in lines), text
        return
    assert lines and lines[-1].isprintable() and len(lines[-1]) <= 700, text
    assert "error: " in lines[-1] and out.getvalue() == "", (argv, text)


# --- to_json's indent: a number of spaces, bounded ---------------------------------------------


@pytest.mark.parametrize("indent", [2.5, -1, 17, 10**9, "  ", True, [2]])
def test_to_json_refuses_an_indent_that_is_not_a_few_spaces(indent: Any) -> None:
    """``indent=2.5`` raised a bare TypeError inside json, and ``indent=10**9`` asked for
    gigabytes of spaces: each door's own error now names the indent."""
    from finstere_widget.engine.game import Game
    from finstere_widget.teach.predict import puzzles, puzzles_to_json

    pos = examples.load("monster_basic_8")
    found = puzzles("all", n=1, seed=1)
    doors: list[tuple[Any, type[Exception]]] = [
        (lambda: pos.to_json(indent=indent), PositionError),
        (lambda: Game(2, seed=1).to_json(indent=indent), RecordError),
        (lambda: puzzles_to_json(found, indent=indent), PuzzleError),
    ]
    for call, error in doors:
        with pytest.raises(error, match="indent"):
            call()


@pytest.mark.parametrize("indent", [None, 0, 1, 16])
def test_to_json_reads_back_at_every_indent_it_takes(indent: int | None) -> None:
    from finstere_widget.engine.game import Game

    pos = examples.load("monster_basic_8")
    assert Position.from_json(pos.to_json(indent=indent)) == pos
    game = Game(2, seed=1)
    assert json.loads(game.to_json(indent=indent)) == game.to_record()
