"""Five languages in the widgets (issue 14): every word a widget shows — labels, tooltips,
menu choices, hints, the board's browser controls, the tray, the story — comes from the
catalog of the widget's ``lang``, chosen when it is made and switchable; the rule ids and
the option values stay the same in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("anywidget")

import ipywidgets as W  # type: ignore[import-untyped]

from finstere_widget.engine import EXIT, Position
from finstere_widget.engine.errors import LanguageError
from finstere_widget.engine.i18n import LANGUAGES
from finstere_widget.widget import BoardEditor, BoardWidget, GameView, MonsterStepper
from finstere_widget.widget.editing import edit_refusal
from finstere_widget.widget.labels import board_texts
from tests.test_i18n import TOOL, rule_ids  # the catalogs tool (tools/i18n.py)

OTHER = [code for code in LANGUAGES if code != "en"]
RULE_SUFFIX = re.compile(r" \([A-Z]\d+\)$")
#: words that are no language's: tile names, step counts, pawn sets, symbols
NEUTRAL = re.compile(r"^[\d\W_]*$|^(X|XX|n)$")


def catalog_words(lang: str) -> set[str]:
    """Every translation in the catalog of ``lang`` (each plural form too)."""
    words: set[str] = set()
    for m in TOOL.read_po(lang):
        if not m.id:
            continue
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        words.update(f for f in forms if f)
    return words


def shown_words(widget: Any) -> Iterator[tuple[str, str]]:
    """(where, text) for every word a widget and its children show: descriptions,
    tooltips, menu choices, button labels (not values typed by the user)."""
    stack = [widget]
    seen: set[int] = set()
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        name = type(w).__name__
        for trait in ("description", "tooltip", "placeholder"):
            text = getattr(w, trait, None)
            if isinstance(text, str) and text and not isinstance(w, W.HTML):
                yield f"{name}.{trait}", text
        for tip in getattr(w, "tooltips", None) or ():
            yield f"{name}.tooltips", tip
        if isinstance(w, W.Combobox):
            for option in w.options:
                yield f"{name}.options", option
        elif hasattr(w, "_options_labels"):
            for label in w._options_labels:
                yield f"{name}.options", label
        if isinstance(w, BoardWidget):
            for key, text in w.texts.items():
                yield f"board.texts[{key}]", text
            for p in w.static:
                if p["k"] == "text" and not NEUTRAL.match(p["text"]):
                    yield "board.static text", p["text"]
        stack.extend(getattr(w, "children", ()))
        for attr in ("board",):
            child = getattr(w, attr, None)
            if child is not None:
                stack.append(child)


def english_left(widget: Any, lang: str) -> list[tuple[str, str]]:
    """The words a widget in ``lang`` shows that are not from that language's catalog."""
    words = catalog_words(lang)
    bad = []
    for where, text in shown_words(widget):
        core = RULE_SUFFIX.sub("", text)
        if NEUTRAL.match(core) or core in words or text in words:
            continue
        if re.fullmatch(r"[A-Z]|\d+/\d+", core):  # wall letters, pawn value pairs
            continue
        bad.append((where, text))
    return bad


# --- labels in French and German ----------------------------------------------------------


def test_a_french_stepper_shows_french_labels() -> None:
    s = MonsterStepper(lang="fr")
    assert s.lang == "fr" and s.board.lang == "fr"
    assert s.tile_buttons.description == "tuile"
    assert s.tile_buttons.tooltips[:2] == ("5 pas", "7 pas")
    assert s.steps.description == "pas"
    slide = s.option_widgets["slide_over_pawn"]
    assert slide.description == "monstre glissant sur un pion (M9)"  # the rule id unchanged
    assert slide.options == (
        ("le dévore et continue de glisser", "eat"),
        ("le dévore et s'arrête", "stop"),
    )
    assert s.apply_button.description == "appliquer le tour"
    assert s.board.texts["log_title"] == "Ce qui se passe"
    assert s.board.texts["play"] == "lecture"
    # the narration of the turn on show, the stepper's message and the tray's labels
    assert s.board.event_log[0].startswith("pas 1 :")
    assert s.message.value.startswith("tuile 8 : ") and "images ; pris : " in s.message.value
    tray = [p["text"] for p in s.board.static if p["k"] == "text"]
    assert {"sortis", "hors jeu", "en attente devant l'entrée"} <= set(tray)
    assert "escaped" not in tray


def test_a_german_editor_shows_german_labels_and_hints() -> None:
    e = BoardEditor(lang="de")
    assert [label for label, _ in e.tool.options][:3] == [
        "Stein",
        "Kristall",
        "Drehstein 90° rechts",
    ]
    assert e.tool.description == "Werkzeug"
    assert e.heading.options == (("Norden", "N"), ("Osten", "E"), ("Süden", "S"), ("Westen", "W"))
    assert e.mode.options == (("bearbeiten", "edit"), ("Figuren ziehen", "move"))
    assert e.undo_button.description == "rückgängig"
    assert e.pair.value == "gelb" and e.board.tool_pair == "yellow"
    e.pair.value = "blau"  # the pair chosen in German is the board's "blue"
    assert e.board.tool_pair == "blue"
    e.board.tool = "pivot_right"
    e.board.click((3, 3))
    assert e.board.hint == "gesetzt: ein Drehstein nach rechts auf (3, 3)"
    e.board.tool = "stone"
    e.board.click(EXIT)
    assert e.board.hint_kind == "problem"
    assert "ist der Ausgang: dort darf kein Stein liegen (B2; A2" in e.board.hint


def test_a_czech_and_an_italian_game_view_tell_the_game_in_their_language() -> None:
    g = GameView(lang="cs")
    assert g.new_button.description == "nová hra" and g.seed_box.description == "semínko"
    # the stage is the Czech rulebook's "část" (part of the game), the Italian's "stadio"
    counts = g.board.frames[g.board.frame]["n"]  # the counts above the board, with its frame
    assert "kolo 1, část 1, zbývá kartiček" in counts and "round" not in counts
    assert g.board.event_log[0] == "nová hra: modrý, červený; semínko 0"
    it = GameView(lang="it", seed=2)
    assert "turno 1, stadio 1" in it.board.frames[it.board.frame]["n"]
    assert it.board.event_log[-1].startswith("tocca a te (blu): clicca uno dei tuoi personaggi")


@pytest.mark.parametrize("lang", OTHER)
@pytest.mark.parametrize("make", [MonsterStepper, BoardEditor, GameView], ids=lambda c: c.__name__)
def test_no_english_is_left_in_a_widget_of_another_language(make: Any, lang: str) -> None:
    widget = make(lang=lang)
    assert english_left(widget, lang) == []
    # and the same walk finds the English of an English widget (the check can fail)
    english = make(lang="en")
    assert len(english_left(english, lang)) > 10


# --- switching -----------------------------------------------------------------------------


def test_the_language_switches_and_keeps_every_choice() -> None:
    s = MonsterStepper(tile="7", lang="en")
    s.option_widgets["slide_over_pawn"].value = "stop"
    s.board.frame = 3
    before = s.result
    s.lang = "de"
    assert s.board.frame == 3  # the frame on show stays: only the words change
    assert s.tile_buttons.description == "Plättchen" and s.tile == "7"
    assert s.option_widgets["slide_over_pawn"].value == "stop"
    assert s.option_widgets["slide_over_pawn"].label == "frisst sie und bleibt stehen"
    assert s.options.slide_over_pawn == "stop"
    assert s.result is not None and before is not None
    assert s.result.events == before.events  # the same turn, told in German
    assert s.board.event_log[0].startswith("Schritt 1:")
    assert s.board.texts["log_title"] == "Was geschieht"
    with pytest.raises(LanguageError, match="unknown language 'xx'"):
        s.lang = "xx"
    assert s.lang == "de" and s.board.lang == "de"  # unchanged


def test_a_board_tells_its_trace_again_on_the_same_frame() -> None:
    b = BoardWidget(Position.basic(), lang="en")
    b.show_turn("8")
    b.frame = 2
    english = list(b.event_log)
    b.lang = "it"
    assert b.frame == 2 and len(b.event_log) == len(english)
    assert b.event_log[0].startswith("passo 1:")
    assert b.trace_frames[0].caption.startswith("tessera 8: il mostro")
    # the rule ids at the end of the lines are the same
    assert rule_ids(list(b.event_log)) == rule_ids(english) and "" not in rule_ids(english)


def test_the_default_language_is_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("FINSTERE_WIDGET_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert MonsterStepper().lang == "fr"
    monkeypatch.setenv("FINSTERE_WIDGET_LANG", "cs")
    assert BoardEditor().tool.description == "nástroj"
    with pytest.raises(LanguageError):
        MonsterStepper(lang="klingon")


def test_edit_refusals_name_the_rule_in_every_language() -> None:
    pos = Position.basic()
    said = {lang: edit_refusal(pos, "stone", EXIT, lang) for lang in LANGUAGES}
    assert said["en"] is not None and said["en"].startswith(f"({EXIT[0]}, {EXIT[1]}) is the exit")
    assert said["fr"] is not None and "est la sortie : aucune pierre" in said["fr"]
    assert (
        said["it"] is not None and "è l'uscita: lì non può stare un blocco di pietra" in said["it"]
    )
    assert said["cs"] is not None and "je východ: kvádr tam ležet nesmí" in said["cs"]
    for text in said.values():
        assert text is not None and "(B2" in text and "A2" in text


def test_a_game_view_tells_its_story_again_in_the_new_language() -> None:
    g = GameView(seed=2, lang="en")
    pawn = sorted(p.id for p in g.game.movable_pawns())[0]
    outcome = g.game.pawn_moves(pawn)[-1]
    g.board.move(pawn, outcome.path)  # your move, then the bots and the monster
    english, frames = list(g.board.event_log), list(g.board.trace_frames)
    g.board.frame = 2
    g.lang = "fr"
    french = list(g.board.event_log)
    assert g.board.frame == 2 and len(french) == len(english)
    assert english[0].startswith("blue (you): pawn") and french[0].startswith(
        "bleu (toi) : le pion"
    )
    assert french[-1].startswith("à toi (bleu) : clique sur un de tes pions")
    # the same story: the same positions in every frame, the rule ids unchanged
    assert [f.position for f in g.board.trace_frames] == [f.position for f in frames]
    assert rule_ids(french) == rule_ids(english)
    counts = g.board.frames[2]["n"]
    assert counts.startswith("tour 1, manche 1") or counts.startswith("tour 2"), counts


@pytest.mark.parametrize("lang", OTHER)
def test_no_english_is_left_in_the_quizzes(lang: str) -> None:
    from finstere_widget.teach.predict import puzzles
    from finstere_widget.widget import PuzzleQuiz

    assert english_left(MonsterStepper(quiz=True, lang=lang), lang) == []
    assert english_left(PuzzleQuiz(puzzles("all", n=2, seed=1), lang=lang), lang) == []


def test_a_language_switch_after_the_story_keeps_the_learners_pawn_selected() -> None:
    g = GameView(("blue", "red"), "blue", lang="en")
    assert g.board.trace_frames  # the opening story on show
    pawn = sorted(g._movable())[0]
    g.board.select(pawn)  # the learner leaves the story for a move

    def lit() -> dict[Any, Any]:
        return {sq: o.path for sq, o in g.board._ui.targets.items()}

    targets, english = lit(), g.board.hint
    assert g.board.trace_frames == [] and g.board._ui.selected == pawn and targets
    g.lang = "fr"
    assert g.board.hint.startswith(f"pion {pawn}") and g.board.hint != english
    # still on the move in progress: no story told again, the pawn and its lit squares kept
    assert g.board.trace_frames == [] and g.board.frame == 0
    assert g.board._ui.selected == pawn and lit() == targets
    assert g.board.position == g.game.position
    assert g.board.texts["log_title"] != board_texts("en")["log_title"]


@pytest.mark.parametrize("lang", ["fr", "de", "it", "cs"])
def test_P7_S1_the_new_options_menus_are_worded_in_every_language(lang: str) -> None:
    """P7 (FAQ 5, FAQ 6) and S1: the options of a pawn's slide and of stage 2's pile are in
    the game view's menus (and the slide's in the stepper's), their labels and choices in
    the widget's language, the rule id beside them."""
    from finstere_widget.engine import OPTION_INFO
    from finstere_widget.widget import GameView
    from finstere_widget.widget.labels import option_choices, option_label

    view = GameView(("blue", "red"), you="blue", seed=3, lang=lang)
    stepper = MonsterStepper(lang=lang)
    for name in ("pawn_slide_stone", "pawn_slide_over_pawn", "stage2_pile"):
        menu = view.option_widgets[name]
        rule = OPTION_INFO[name][1]
        assert menu.description == option_label(name, lang) != option_label(name, "en")
        assert menu.description.endswith(f"({rule})")
        assert [v for _, v in menu.options] == list(OPTION_INFO[name][0])
        words = [w for w, _ in option_choices(name, lang)]
        assert words != [w for w, _ in option_choices(name, "en")] and "_" not in "".join(words)
        if name != "stage2_pile":
            assert stepper.option_widgets[name].description == menu.description


def test_a_frame_and_its_sentence_are_joined_as_the_language_joins_them() -> None:
    """#25 item 19: the board's spoken line read "image 12 sur 31: ÉGALITÉ" in French (no
    space before the colon, joined in board.js); the browser now joins them with the
    language's own "{prefix}: {text}"."""
    assert board_texts("fr")["said"] == "{prefix} : {text}"
    assert board_texts("en")["said"] == "{prefix}: {text}"
    js = (
        Path(__file__).resolve().parent.parent / "finstere_widget/widget/static/board.js"
    ).read_text(encoding="utf-8")
    assert '+ ": "' not in js
