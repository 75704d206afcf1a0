"""Errors in five languages (issue 14): every error message of the package is an English
template marked for the catalogs, ``str(err)`` is the English text, ``err.translated(lang)``
the same message in French, German, Italian or Czech naming the same culprit and rule ids;
the command line's ``error:`` line, its usage errors and ``--help`` headings, and the
widgets' hints speak the language asked."""

from __future__ import annotations

import ast
import io
import json
import re
import string
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from finstere_widget.cli import build_parser, main
from finstere_widget.cli.common import ARGPARSE_MESSAGES, UsageError
from finstere_widget.engine import Position, monster_turn
from finstere_widget.engine.errors import (
    MAX_MESSAGE,
    FinstereError,
    IllegalMoveError,
    Message,
    PositionError,
)
from finstere_widget.engine.i18n import LANGUAGES, error_message, gettext
from finstere_widget.engine.moves import apply_move
from tests.test_i18n import TOOL

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "finstere_widget"
BASIC = ROOT / "tests" / "examples" / "monster_basic_8.json"
OTHER = [code for code in LANGUAGES if code != "en"]
RULE_ID = re.compile(r"\b[MPBTSA]\d+\b")
#: templates whose translation may read like the English: JSON paths, flags and numbers
#: only (the words around them are the same in that language)
SAME_WORDS = re.compile(r"^[\s\W\d]*(\{[^{}]*\}[\s\W\d]*|--\w+[\s\W\d]*|record\.\w+[\s:]*)*$")
#: argparse's words that read the same in a language
SAME_IN = {("fr", "options"), ("cs", "argument %(argument_name)s: %(message)s")}
#: the raise sites whose message is another error's (its template and parameters passed on)
PASSED_ON = {
    "cli/common.py": {"UsageError(error.template, **error.params)", "UsageError(str(error))"},
    "widget/board_traits.py": {"UnknownToolError(exc.template, **exc.params)"},
}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def template_calls() -> Iterator[tuple[str, str, ast.Call, str | None]]:
    """(module, source, call, template) for every call of one of the package's error
    classes (and ``Message`` parts) and every ``raise error(...)`` of a class passed in:
    ``template`` is its first argument when that is a literal (or ``N_`` of one)."""
    classes = set(TOOL.error_classes())
    for rel in TOOL.SOURCES:
        text = (PACKAGE / rel).read_text(encoding="utf-8")
        tree = ast.parse(text)
        raised = {
            id(node.exc)
            for node in ast.walk(tree)
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in classes and not (node.func.id == "error" and id(node) in raised):
                continue
            if node.func.id == "Word":  # a word of the tables (a colour), not a template
                continue
            first = node.args[0] if node.args else None
            if isinstance(first, ast.Call) and getattr(first.func, "id", "") == "N_":
                first = first.args[0]
            template = (
                first.value
                if isinstance(first, ast.Constant) and isinstance(first.value, str)
                else None
            )
            yield rel, ast.get_source_segment(text, node) or "", node, template


def test_every_error_message_is_a_marked_template_with_its_parameters() -> None:
    """No raise site of the package builds its message where the catalogs cannot see it
    (an f-string, a sum of texts): the message is a literal template, and every
    placeholder of it is passed as a named parameter."""
    templates = 0
    for rel, source, call, template in template_calls():
        if template is None:
            assert source in PASSED_ON.get(rel, set()), f"{rel}: not a template: {source[:120]}"
            continue
        templates += 1
        names = {k.arg for k in call.keywords}
        if None in names:  # **params passed on
            continue
        missing = placeholders(template) - names
        assert not missing, f"{rel}: {template!r} is not given {missing}"
    assert templates > 230  # the engine's ~233 raise sites and the front ends' errors


def test_every_error_template_is_translated_in_every_catalog() -> None:
    """Every template is in every catalog, translated (not the English again, unless it is
    only paths, flags and placeholders), with the same placeholders."""
    found = {t for *_, t in template_calls() if t}
    catalog = {m.id for m in TOOL.extract() if m.id}
    assert found <= catalog
    for lang in OTHER:
        for template in sorted(found):
            told = gettext(template, lang)
            assert placeholders(told) == placeholders(template), (lang, template)
            assert told != template or SAME_WORDS.match(template), f"{lang}: {template!r}"


def test_argparse_messages_keep_their_printf_placeholders() -> None:
    printf = re.compile(r"%(?:\(\w+\))?[sr]")
    for message in ARGPARSE_MESSAGES:
        for lang in OTHER:
            told = gettext(message, lang)
            assert told != message or (lang, message) in SAME_IN, (lang, message)
            assert sorted(printf.findall(told)) == sorted(printf.findall(message)), (lang, told)


def test_str_is_the_english_text_and_translated_fills_the_same_values() -> None:
    err = PositionError("{where}: unknown key {key}", where="pawns[2]", key="'colour'")
    assert str(err) == "pawns[2]: unknown key 'colour'"
    assert err.translated("en") == str(err)
    assert err.translated("fr") == "pawns[2] : clé inconnue 'colour'"
    assert err.translated("cs") == "pawns[2]: neznámý klíč 'colour'"
    assert err.template == "{where}: unknown key {key}"
    with pytest.raises(FinstereError, match="unknown language"):
        err.translated("xx")
    assert error_message(err, "xx") == str(err)  # a front end never fails on it
    assert error_message(ValueError("plain"), "de") == "plain"


def test_a_long_message_is_cut_in_every_language() -> None:
    err = PositionError("{where}: unknown key {key}", where="w" * 1000, key="k")
    for lang in LANGUAGES:
        told = err.translated(lang)
        assert len(told) == MAX_MESSAGE and told.endswith("…")


def test_a_translated_part_of_a_message_is_told_in_the_same_language() -> None:
    position = Position.from_json(BASIC.read_text())
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(position, "A", "W,W,W,W,W,W,W,W")
    err = caught.value
    assert str(err) == "token 2 'W': pawn A shows 1: no point left for this step (P2)"
    assert isinstance(err.params["reason"], Message)
    assert err.translated("de") == (
        "Schritt 2 'W': Figur A zeigt 1: kein Punkt mehr für diesen Schritt (P2)"
    )
    assert err.token == "W" and err.index == 1 and err.rule == "P2"


def _culprits(err: FinstereError) -> list[str]:
    """The quoted inputs of an error's message: its text parameters as they are shown."""
    return [v for v in err.params.values() if isinstance(v, str) and v and v in str(err)]


def _same_facts(err: FinstereError, lang: str) -> None:
    told = err.translated(lang)
    english = str(err)
    if len(english) < MAX_MESSAGE and len(told) < MAX_MESSAGE:
        for culprit in _culprits(err):
            assert culprit in told, (lang, culprit, told)
        assert RULE_ID.findall(told) == RULE_ID.findall(english) or sorted(
            RULE_ID.findall(told)
        ) == sorted(RULE_ID.findall(english)), (lang, english, told)
    assert told != english or SAME_WORDS.match(err.template), (lang, english)


_json = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 20) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
_keys = st.sampled_from(["format", "monster", "pawns", "stones", "pools", "teleporters", "stage"])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(changes=st.dictionaries(_keys, _json, min_size=1, max_size=3))
def test_hostile_positions_are_refused_in_every_language_naming_the_culprit(
    changes: dict[str, Any],
) -> None:
    data = json.loads(BASIC.read_text())
    data.update(changes)
    try:
        Position.from_dict(data)
    except FinstereError as err:
        for lang in OTHER:
            _same_facts(err, lang)


@settings(max_examples=150, deadline=None)
@given(
    pawn=st.sampled_from(["A", "B", "C", "Z", ""]),
    path=st.lists(st.sampled_from(["N", "E", "S", "W", "IN", "OUT", "Q", "n"]), max_size=9),
    tile=st.sampled_from(["5", "8", "X", "XX", "0", "99", "Y", "3+"]),
)
def test_hostile_moves_and_tiles_are_refused_in_every_language(
    pawn: str, path: list[str], tile: str
) -> None:
    position = Position.from_json(BASIC.read_text())
    for action in (
        lambda: apply_move(position, pawn, ",".join(path)),
        lambda: monster_turn(position, tile),
    ):
        try:
            action()
        except FinstereError as err:
            for lang in OTHER:
                _same_facts(err, lang)


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse's usage errors
            status = int(exc.code or 0)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def off_board(tmp_path: Path) -> str:
    data = json.loads(BASIC.read_text())
    data["monster"]["at"] = [99, 1]
    path = tmp_path / "off.json"
    path.write_text(json.dumps(data))
    return str(path)


#: (command line, the culprit the error line names, its English error line)
DOORS = [
    (
        ["monster", "{off}", "--tile", "8"],
        "[99, 1]",
        "monster.at: square [99, 1] is off the board (B1)",
    ),
    (["move", "{basic}", "--pawn", "A", "--path", "N,Q"], "'Q'", None),
    (["monster", "{basic}", "--tile", "8", "--option", "bogus=1"], "'bogus'", None),
    (["monster", "{basic}", "--tile", "99"], "'99'", None),
]


@pytest.mark.parametrize("lang", OTHER)
@pytest.mark.parametrize(("argv", "culprit", "english"), DOORS)
def test_the_command_line_error_line_is_in_the_language_asked(
    lang: str, argv: list[str], culprit: str, english: str | None, off_board: str
) -> None:
    argv = [a.format(off=off_board, basic=BASIC) for a in argv]
    status_en, out_en, err_en = run([*argv, "--lang", "en"])
    status, out, err = run([*argv, "--lang", lang])
    assert (status_en, status) == (2, 2) and out_en == out == ""
    lines, lines_en = err.splitlines(), err_en.splitlines()
    tag = gettext("error: {message}", lang).format(message="")  # #25 item 10: translated
    assert len(lines) == len(lines_en) == 1 and lines[0].startswith(tag)
    assert lines_en[0].startswith("error: ") and not lines[0].startswith("error: ")
    assert culprit in lines[0] and culprit in lines_en[0]
    assert lines[0] != lines_en[0]
    assert RULE_ID.findall(lines[0]) == RULE_ID.findall(lines_en[0])
    if english is not None:
        assert lines_en[0] == f"error: {english}"


@pytest.mark.parametrize("lang", OTHER)
def test_the_command_line_follows_the_locale_without_lang(
    lang: str, off_board: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FINSTERE_WIDGET_LANG", lang)
    status, _, err = run(["monster", off_board, "--tile", "8"])
    told = PositionError(
        "{where}: square {sq} is off the board (B1)", where="monster.at", sq="[99, 1]"
    ).translated(lang)
    tag = gettext("error: {message}", lang).format(message="")
    assert status == 2 and err == f"{tag}{told}\n"


USAGE = {"fr": "utilisation : ", "de": "Aufruf: ", "it": "uso: ", "cs": "použití: "}


@pytest.mark.parametrize("lang", OTHER)
def test_argparse_usage_errors_are_in_the_language_asked(lang: str) -> None:
    cases = {
        ("monster", "--lang", lang): "the following arguments are required: %s",
        ("monster", str(BASIC), "--tile", "8", "--bogus", "--lang", lang): (
            "unrecognized arguments: %s"
        ),
        ("monster", str(BASIC), "--tile", "8", "--stage", "5", f"--lang={lang}"): (
            "invalid choice: %(value)r (choose from %(choices)s)"
        ),
    }
    error_word = gettext("error: {message}", lang).split("{")[0].strip(" :")
    for argv, message in cases.items():
        status, out, err = run(list(argv))
        lines = err.splitlines()
        assert status == 2 and out == ""
        # #25 item 10: one line, no usage block, no English "error:"
        assert len(lines) == 1, err
        (error,) = lines
        assert error.startswith("python -m finstere_widget")
        assert "error:" not in error and f" {error_word}" in error, error
        words = gettext(message, lang).split("%")[0].strip(" :")
        assert words and words in error, (words, error)
        assert gettext(message, "en").split("%")[0].strip(" :") not in error


@pytest.mark.parametrize("lang", OTHER)
def test_help_headings_are_in_the_language_asked(lang: str) -> None:
    text = build_parser("finstere-widget", lang=lang).format_help()
    assert text.startswith(USAGE[lang] + "finstere-widget")
    assert gettext("positional arguments", lang) + ":" in text
    assert gettext("show this help message and exit", lang) in text
    assert "positional arguments" not in text and "show this help" not in text
    status, out, _ = run(["monster", "--help", "--lang", lang])
    assert status == 0 and gettext("options", lang) + ":" in out
    english = build_parser("finstere-widget", lang="en").format_help()
    assert english.startswith("usage: finstere-widget") and "positional arguments:" in english


def test_an_unknown_lang_is_refused_in_english_naming_it() -> None:
    status, out, err = run(["monster", str(BASIC), "--tile", "8", "--lang", "xx"])
    assert status == 2 and out == ""
    assert err.startswith("error: unknown language 'xx'") and err.count("\n") == 1


def test_a_usage_error_of_the_command_itself_is_translated() -> None:
    err = UsageError("{flag} {path}: no such folder", flag="--record", path="'/nope/x.json'")
    assert str(err) == "--record '/nope/x.json': no such folder"
    assert err.translated("it") == "--record '/nope/x.json': cartella inesistente"


@pytest.mark.parametrize("lang", OTHER)
def test_a_game_view_tells_a_refused_new_game_in_its_language(lang: str) -> None:
    pytest.importorskip("anywidget")
    from html import unescape

    from finstere_widget.widget import GameView

    view = GameView(lang=lang)  # two players: S4's variant is for 6-7
    view.option_widgets["five_is_three_prey"].value = "on"
    view._new_game_clicked()
    status = unescape(view.status.value)
    assert "five_is_three_prey=on" in status and "S4" in status and " 2" in status
    english = GameView(lang="en")
    english.option_widgets["five_is_three_prey"].value = "on"
    english._new_game_clicked()
    assert "is a variant for 6-7 players" in unescape(english.status.value)
    assert "is a variant for 6-7 players" not in status


@pytest.mark.parametrize("lang", OTHER)
def test_a_board_hint_tells_a_refused_move_in_its_language(lang: str) -> None:
    """A board whose moves a game applies (``move_handler``): the game's refusal of a
    click's move is the board's problem hint, in the board's language, naming the pawn."""
    pytest.importorskip("anywidget")
    from finstere_widget.engine.game import Game, PawnMove
    from finstere_widget.widget import BoardWidget

    hints = {}
    for code in ("en", lang):
        game = Game(["blue", "red"], seed=0)

        def play(pawn: str, path: tuple[str, ...], game: Game = game) -> Any:
            return game.apply(PawnMove(pawn, path)).move

        board = BoardWidget(game.position, mode="move", move_handler=play, lang=code)
        red = next(p.id for p in game.position.pawns if p.player == "red")
        board.click_zone(f"pawn:{red}")  # blue is to move: the game refuses red's move
        target = next(iter(board._ui.targets))
        if isinstance(target, tuple):
            board.click(target)
        else:
            board.click_zone(f"place:{target}")
        assert board.hint_kind == "problem"
        hints[code] = board.hint
    assert f"pawn {red} is red's; blue is to move (T2)" in hints["en"]
    assert red in hints[lang] and "(T2)" in hints[lang]
    assert "is to move" not in hints[lang]
    red_word, blue_word = gettext("red", lang), gettext("blue", lang)
    assert red_word in hints[lang] and blue_word in hints[lang] and red_word != "red"


def test_the_languages_page_error_samples_are_what_the_command_line_says() -> None:
    """docs/languages.md, "Errors": each sample line is what the command line prints."""
    page = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    sample = page.split("Errors speak it too:", 1)[1].split("```")[1].strip().splitlines()
    basic = str(BASIC)
    runs = [
        ["move", basic, "--pawn", "A", "--path", "W,W", "--lang", "fr"],
        ["monster", basic, "--tile", "9X", "--lang", "de"],
        ["monster", basic, "--lang", "it"],
    ]
    for line, argv in zip(sample, runs, strict=True):
        status, out, err = run(argv)
        assert status == 2 and out == "" and err.splitlines()[-1] == line


def _helps(parser: Any) -> Iterator[str]:
    """Every help text and description of a parser and its subcommands' parsers."""
    import argparse

    if parser.description:
        yield parser.description
    for action in parser._actions:
        if action.help and action.help != argparse.SUPPRESS:
            yield action.help
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                yield str(choice.help)
            for sub in dict.fromkeys(action.choices.values()):
                yield from _helps(sub)


@pytest.mark.parametrize("lang", OTHER)
def test_every_help_text_of_the_command_line_is_in_the_language_asked(lang: str) -> None:
    english = list(_helps(build_parser("x", lang="en")))
    told = list(_helps(build_parser("x", lang=lang)))
    assert len(told) == len(english) > 40
    for mine, theirs in zip(told, english, strict=True):
        assert mine != theirs, (lang, theirs)
        assert re.findall(r"%\(?\w*\)?[sd%]", mine) == re.findall(r"%\(?\w*\)?[sd%]", theirs)
        assert RULE_ID.findall(mine) == RULE_ID.findall(theirs), (lang, mine)
    status, out, _ = run(["puzzles", "--help", "--lang", lang])
    assert status == 0 and "tie" in out  # the topics filled in the translated help


@pytest.mark.parametrize("lang", OTHER)
def test_a_game_phase_and_a_colour_in_a_message_are_in_its_language(lang: str) -> None:
    from finstere_widget.engine.game import DrawTile, Game, Phase
    from finstere_widget.engine.i18n import phase_words

    words = phase_words(lang)
    assert set(words) == {str(p) for p in Phase} and len(set(words.values())) == len(Phase)
    game = Game(["blue", "red"], seed=0)
    with pytest.raises(IllegalMoveError) as caught:
        game.apply(DrawTile("8"))  # the pawns' phase: no tile is drawn (T1)
    err = caught.value
    assert str(err) == "no tile is drawn in the pawns phase (T1)"
    told = err.translated(lang)
    assert words["pawns"] in told and "pawns" not in told and told.endswith("(T1)")


@pytest.mark.parametrize("lang", OTHER)
def test_a_place_off_the_board_in_a_message_is_in_its_language(lang: str) -> None:
    from finstere_widget.engine.i18n import place_words

    data = json.loads(BASIC.read_text())
    data["pawns"][0]["at"] = "escaped"
    with pytest.raises(IllegalMoveError) as caught:
        apply_move(Position.from_dict(data), "A", "N")
    err = caught.value
    assert str(err) == "pawn A is escaped: it has no move (P2)"
    told = err.translated(lang)
    assert place_words("escaped", lang) in told and "escaped" not in told


def test_a_translation_that_does_not_fill_falls_back_to_the_english_template() -> None:
    """A catalog's broken placeholder must not lose the culprit: the English template is
    filled instead (and a field the value cannot give is no crash)."""
    from finstere_widget.engine.errors import fill

    params = {"square": "(99, 0)"}
    assert fill("case {carre}", params, "fr", fallback="square {square}") == "square (99, 0)"
    broken = fill("case {square[0]}", {"square": 5}, "fr", fallback="square {square}")
    assert broken == "square 5"
    assert fill("case {carre}", params) == "case {carre}"  # no fallback: as it is


#: the English words that named the place at fault in chart and diagram errors before the
#: places became templates of their own (Message parts)
PLACE_WORDS = re.compile(
    r"\b(category|series|value|interval|intervals|low|high|reference|line|of|pool|at)\b"
)


@pytest.mark.parametrize("lang", OTHER)
def test_the_place_at_fault_in_a_chart_or_diagram_is_told_in_its_language(lang: str) -> None:
    from finstere_widget.render import charts
    from tests.test_position import DIAGRAM

    bar_chart: Any = charts.bar_chart  # called with what a careless caller passes

    def stage_nine() -> object:
        return Position.from_diagram(DIAGRAM.replace("stage 2", "stage 9"))

    cases: list[tuple[Any, str]] = [
        (lambda: bar_chart(["a", 1], {"s": [1, 2]}), "category 1 must be text"),
        (lambda: bar_chart(["a"], {1: [1]}), "a series' name must be text"),
        (lambda: bar_chart(["a"], {"s": 3}), "series 's' must be a list"),
        (lambda: bar_chart(["a"], {"s": [None]}), "series 's' value 0 must be a finite"),
        (lambda: bar_chart(["a"], {"s": [1]}, intervals={"s": 2}), "intervals of 's' must"),
        (lambda: bar_chart(["a"], {"s": [1]}, intervals={"s": [(0, "x")]}), "interval 's' 0 high"),
        (lambda: bar_chart(["a"], {"s": [1]}, intervals={"s": [("x", 2)]}), "interval 's' 0 low"),
        (lambda: bar_chart(["a"], {"s": [1]}, references=[None]), "reference 0 must be"),
        (stage_nine, "diagram line"),
        (lambda: Position.from_diagram(DIAGRAM + "pool 15,4 2x2\n"), "diagram line 19[1]"),
        (lambda: Position.from_diagram(DIAGRAM.replace("~~~~", "~~~.")), "diagram pool at"),
    ]
    for case, english in cases:
        with pytest.raises(FinstereError) as caught:
            case()
        assert english in str(caught.value)
        told = caught.value.translated(lang)
        assert not PLACE_WORDS.search(re.sub(r"'[^']*'", "", told)), (lang, told)
