"""The sentences the code assembles from parts read grammatically in French, German, Italian
and Czech: a heading put into a sentence takes the form its place asks for ("vers l'ouest",
"nach Westen", "verso ovest", "na západ"; "du nord", "von Norden", "da nord", "ze severu"),
a distance agrees with its number ("1 case" / "6 cases", "1 pole" / "6 polí"), and each
language says the game's things with its rulebook's words (the Czech "část hry" and the
Italian "stadio" for a stage). Real turns of the rulebooks' examples are told and read here;
the English sentences are unchanged."""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest

from finstere_widget.engine import Position, monster_turn
from finstere_widget.engine.board import Heading
from finstere_widget.engine.events import Event, Turn
from finstere_widget.engine.narrate import narrate
from finstere_widget.engine.setup import Placement
from finstere_widget.render.frames import _caption
from finstere_widget.widget.story import move_words, placement_words

EXAMPLES = Path(__file__).resolve().parent / "examples"
OTHER = ("fr", "de", "it", "cs")


def _events(name: str, tile: str = "8") -> list[Event]:
    position = Position.from_json((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    return list(monster_turn(position, tile).events)


def _told(lang: str) -> str:
    """Three real turns (the basic, advanced and online examples), sight turns included."""
    return "\n".join(
        line
        for name in ("monster_basic_8", "monster_advanced_8", "monster_online_10")
        for line in narrate(_events(name), include_sight_turns=True, lang=lang)
    )


def test_the_english_narration_is_unchanged() -> None:
    told = _told("en")
    assert "step 1: sees A north at 6 — A is nearest, turns north (M5)" in told
    assert "sees D west at 1 — D is nearest, turns west (M5)" in told
    assert re.search(r"turns from (north|east|south|west) to (north|east|south|west) \(M5\)", told)
    assert "meets a pivot stone and turns about to face east (M11)" in told
    assert "faces south, the arrow of the arrival pad (M12)" in told


# per language: forms the sentences must contain, and bare forms that must never appear
WANTED = {
    "fr": (
        "voit A à 6 cases au nord",  # the distance after the pawn, with its noun
        "voit D à 1 case à l'ouest",  # singular
        "se tourne vers le nord (M5)",
        "heurte une pierre de pivot 180° et fait demi-tour ; il regarde maintenant vers l'est",
        "regarde vers le sud, dans le sens de la flèche du téléporteur d'arrivée",
        "le bloc de pierre en (15, 5) est poussé hors du plateau et retiré du jeu (M8)",
    ),
    "de": (
        "sieht A 6 Felder entfernt im Norden",
        "sieht D 1 Feld entfernt im Westen",
        "dreht sich nach Norden (M5)",
        "trifft auf einen Drehstein, macht kehrt und blickt jetzt nach Osten",
        "blickt nach Süden, in Pfeilrichtung des Ziel-Teleporters",
    ),
    "it": (
        "vede A a 6 caselle a nord",
        "vede D a 1 casella a ovest",
        "si volta verso nord (M5)",
        "incontra una pietra rotante 180° e fa dietrofront, ora guarda verso est",
        "viene rimosso dal gioco (M8)",
    ),
    "cs": (
        "vidí A na severu ve vzdálenosti 6 polí",
        "vidí D na západě ve vzdálenosti 1 pole",
        "otočí se na sever (M5)",
        "narazí na výhybku a otočí se o 180°, teď hledí na východ",
        "D a E jsou stejně daleko",
        "projde zdí Q z (13, 2) a vynoří se u druhého písmene Q na (2, 8)",
        "chycené figurky: C, F, G (M3)",
    ),
}
TURNED = {  # the sight turn's "from ... to ...": each heading in its own case
    "fr": r"tourne (du nord|de l'est|du sud|de l'ouest) vers (le nord|l'est|le sud|l'ouest)",
    "de": r"dreht sich von (Norden|Osten|Süden|Westen) nach (Norden|Osten|Süden|Westen)",
    "it": r"si volta da (nord|est|sud|ovest) verso (nord|est|sud|ovest)",
    "cs": r"otočí se (ze severu|z východu|z jihu|ze západu) na (sever|východ|jih|západ)",
}
BARE = {  # a bare heading word after a preposition that needs an article or a case
    "fr": r"vers (nord|est|sud|ouest)\b|flèche vers|regard vers",
    "de": r"nach (Nord|Ost|Süd|West)\b|in Entfernung",
    "it": r"a distanza \d",
    "cs": r"ze směru|na směr|ve vzdálenosti \d+ \(|ve vzdálenosti \d+ [—a]",
}


@pytest.mark.parametrize("lang", OTHER)
def test_real_turns_are_told_with_the_right_forms(lang: str) -> None:
    told = _told(lang)
    for wanted in WANTED[lang]:
        assert wanted in told, (lang, wanted)
    turned = [e for e in _events("monster_basic_8") if isinstance(e, Turn) and e.reason == "sight"]
    assert turned  # the basic example turns by sight: its turn lines are told
    assert len(re.findall(TURNED[lang], told)) >= len(turned), lang
    assert not re.search(BARE[lang], told), re.search(BARE[lang], told)


CAPTIONS = {
    "fr": ("ÉGALITÉ → continue vers le nord (M5) : A et E tous deux à 3 cases",),
    "de": ("GLEICHSTAND → geht weiter nach Norden (M5): A und E beide 3 Felder entfernt",),
    "it": ("PARITÀ → mantiene la direzione verso nord (M5): A ed E entrambi a 3 caselle",),
    "cs": ("SHODA → pokračuje na sever (M5): A a E obě ve vzdálenosti 3 polí",),
}


@pytest.mark.parametrize("lang", OTHER)
def test_the_tie_banner_counts_its_squares(lang: str) -> None:
    position = Position.from_json((EXAMPLES / "monster_advanced_8.json").read_text())
    ties = [
        _caption(e, "8", position, lang)
        for e in _events("monster_advanced_8")
        if e.type == "look" and e.decision == "tie"
    ]
    assert ties and all(banner for _, banner in ties)
    assert ties[0][0] == CAPTIONS[lang][0]


ARROWS = {
    "en": "blue: places a blue teleporter on (3, 4), arrow east (A1)",
    "fr": "bleu : pose un téléporteur bleu en (3, 4), flèche vers l'est (A1)",
    "de": "blau: ein blauer Teleporter auf (3, 4) gesetzt, Pfeil nach Osten (A1)",
    "it": "blu: piazza un teleport blu in (3, 4), freccia verso est (A1)",
    "cs": "modrý: pokládá na (3, 4): modrý teleport, šipka na východ (A1)",
}


@pytest.mark.parametrize("lang", ["en", *OTHER])
def test_a_teleporters_arrow_and_a_pawns_path_read_whole(lang: str) -> None:
    from finstere_widget.widget.labels import colour_word

    who = colour_word("blue", lang)
    placed = placement_words(who, Placement("teleporter_blue", (3, 4), Heading.E.name), lang)
    assert placed == ARROWS[lang]
    moved = move_words(who, "blue5", ["IN", "W", "W"], (9, 7), lang)
    if lang == "en":
        assert moved == "blue: pawn blue5 moves in, west, west to (9, 7) (P2)"
    else:  # the path's words stand apart in brackets: no preposition needs a case
        assert re.search(r" \([^()\d]+, [^()\d]+, [^()\d]+\) \D+ \(9, 7\) \(P2\)$", moved), moved


@pytest.mark.parametrize("lang", ["en", *OTHER])
def test_a_pawn_leaving_by_the_exit_reads_as_leaving(lang: str) -> None:
    """A move that ends out of the fortress (its last token ``OUT``, P4) said "moves west,
    out to out by the exit" ("jusqu'en sortis par la sortie"): the way out is told as
    leaving, once, never as a square named by the place's word."""
    from finstere_widget.engine.i18n import place_words
    from finstere_widget.widget.labels import colour_word

    who = colour_word("blue", lang)
    moved = move_words(who, "blue3", ["W", "OUT"], "escaped", lang)
    alone = move_words(who, "blue3", ["OUT"], "escaped", lang)
    place = place_words("escaped", lang)
    for words in (moved, alone):
        assert place not in words, words
    assert moved.endswith("(P2, P4)") and alone.endswith("(P4)")
    if lang == "en":
        assert moved == "blue: pawn blue3 moves west and leaves the fortress by the exit (P2, P4)"
        assert alone == "blue: pawn blue3 leaves the fortress by the exit (P4)"
    else:  # the path's one word in brackets, no "out" token left in it
        assert re.search(r" \([^(),\d]+\) ", moved), moved


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "i18n_tool", Path(__file__).resolve().parent.parent / "tools" / "i18n.py"
    )
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_tool", tool)
    spec.loader.exec_module(tool)
    return tool


@pytest.mark.parametrize("lang", OTHER)
def test_no_translation_loses_a_placeholder_in_any_plural_form(lang: str) -> None:
    catalog = _tool().read_po(lang)
    plural = 0
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            plural += 1
            for form in message.string:
                assert _fields(form) == _fields(message.id[1]), (message.id, form)
        else:
            assert _fields(message.string) == _fields(message.id), message.id
    assert plural >= 7  # the distances, the tie banners, the steps left and the outcomes


#: each catalog's word for the game's things, from its rulebook (the French rulebook and
#: online guide, the Italian and the Czech rulebooks; German: the original's vocabulary)
GLOSSARY = {
    r"\bstage\b": {"fr": "manche", "de": "Durchgang", "it": "stadi", "cs": "část"},
    r"\bpivot\b": {"fr": "pivot", "de": "Drehstein", "it": "rotant", "cs": "výhybk"},
    r"\bteleporters?\b|\bpads?\b": {
        "fr": "téléporteur",
        "de": "Teleporter",
        "it": "teleport",
        "cs": "teleport",
    },
    r"\bcrystals?\b": {"fr": "crista", "de": "Kristall", "it": "cristall", "cs": "krystal"},
    r"\bpools?\b|\bblood\b": {"fr": "flaque", "de": "Blutlache", "it": "pozz", "cs": "krv|krev"},
    r"\bmonster\b": {"fr": "monstre", "de": "Monster", "it": "mostr", "cs": "obl"},
    r"\bpawns?\b": {"fr": "pion", "de": "Figur", "it": "personagg", "cs": "figur"},
    r"\btiles?\b": {"fr": "tuile", "de": "Plättchen", "it": "tesser", "cs": "kartič"},
    r"\bentrance\b": {"fr": "entrée", "de": "Eingang", "it": "ingresso", "cs": "vchod"},
    r"\bprey\b": {"fr": "proie", "de": "Opfer", "it": "croc", "cs": "kříž"},
}
#: where the English word is not the game's thing, or another word says it better
NOT_TERMS = {
    "out by the exit",
    "takes three prey",
    "{where}.type: expected move, tile or place, got {kind}",  # the JSON's words
}
_CODE = re.compile(
    r"\{[^{}]*\}|'[^']*'|\"[^\"]*\"|\b\w+(\.\w+|\[[^\]]*\])+|^\w+:|\b[a-z]+_[a-z_]+\b"
    r"|\b[A-Z]\w*"  # a type's name (Monster, Position) and the capitals of a sentence
)


@pytest.mark.parametrize("lang", OTHER)
def test_every_catalog_says_the_games_things_with_its_glossary(lang: str) -> None:
    catalog = _tool().read_po(lang)
    checked = 0
    for message in catalog:
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        if not english or english in NOT_TERMS:
            continue
        words = _CODE.sub(" ", english)  # placeholders, quoted keys and code names left out
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for pattern, stems in GLOSSARY.items():
            if re.search(pattern, words, re.IGNORECASE):
                checked += 1
                for form in forms:
                    assert re.search(stems[lang], form, re.IGNORECASE), (lang, english, form)
    assert checked > 150


#: a path's element (N, E, S, W, IN, OUT) is a step in every language ("pas", "Schritt",
#: "passo", "krok"), never a word for a playing piece or a developer's "token"
PATH_ELEMENT = {"fr": r"\bpas\b", "de": r"Schritt", "it": r"\bpass[oi]\b", "cs": r"\bkro[kc]"}
NOT_A_PATH_ELEMENT = re.compile(r"\bjetons?\b|\bgettoni?\b|\btokens?\b|\btokeny?\b", re.I)


@pytest.mark.parametrize("lang", OTHER)
def test_a_paths_element_is_told_as_a_step_in_every_language(lang: str) -> None:
    """Issue 25, item 19: the French ``play`` help said "(jetons N E S W IN OUT…)", a
    jeton being a playing piece; every other message says "pas"."""
    checked = 0
    for message in _tool().read_po(lang):
        english = message.id[0] if isinstance(message.id, tuple) else message.id
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            words = re.sub(r"\{[^{}]*\}|'[^']*'", " ", form)  # placeholders, quoted keys
            assert not NOT_A_PATH_ELEMENT.search(words), (lang, english, form)
            if re.search(r"\btokens?\b", _CODE.sub(" ", english)):
                checked += 1
                assert re.search(PATH_ELEMENT[lang], form), (lang, english, form)
    assert checked >= 10


def test_french_puts_a_space_before_a_colon_in_the_bots_move_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    from finstere_widget.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--watch", "--seed", "1", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("bleu (greedy) : blue5 "), lines[1]
    assert not any("(greedy): " in line for line in lines)


def test_the_languages_page_glossary_is_what_the_catalogs_say() -> None:
    """The table of the game's words per language (docs/languages.md, "The game's words"):
    every word in it is the one its catalog uses for that thing."""
    page = Path(__file__).resolve().parent.parent / "docs" / "languages.md"
    text = page.read_text(encoding="utf-8").split("## The game's words", 1)[1]
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")]
        for line in text.split("| English | français |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    ]
    assert len(rows) >= 12
    catalogs = {lang: _tool().read_po(lang) for lang in OTHER}
    messages = {  # the message whose translation holds the row's words
        "monster": ["monster"],
        "pawn": ["pawn"],
        "stone": ["stone"],
        "crystal": ["crystal"],
        "pivot stone": ["pivot"],
        "teleporter": ["teleporter"],
        "blood pool": ["a blood pool"],
        "tile": ["tile"],
        "entrance / exit": ["the entrance", "the exit"],
        "prey tile": ["first tile may not be a prey tile"],
        "stage": ["stage 2 also ends when"],
        "light / dark side": ["light", "dark"],
    }
    for english, *words in rows:
        for lang, cell in zip(OTHER, words, strict=True):
            said = " ".join(catalogs[lang].get(m).string for m in messages[english])
            for word in cell.split(" / "):
                assert word.lower() in said.lower(), (english, lang, word, said)


def test_sentences_told_one_after_another_take_the_french_space_before_the_semicolon() -> None:
    """Sentences strung together (the P10 flips of a first round in the game's story, the
    distances of the quiz's second hint) were joined by a bare "; ", which French writes
    " ; " as every French message of the catalog does."""
    from finstere_widget.engine.events import Flip
    from finstere_widget.teach.quiz import Quiz, hint_text
    from finstere_widget.widget.story import Story

    position = Position.from_json((EXAMPLES / "monster_basic_8.json").read_text())
    flips = [Flip(0, "A", "dark", 6, "P10"), Flip(0, "B", "dark", 2, "P10")]
    told = {}
    for lang in ("en", *OTHER):
        story = Story(position, "start", lang=lang)
        story.catch_up(position.replace(stage=2), flips)
        quiz = Quiz(position, tuple(_events("monster_basic_8")), lang)
        two = next(q for q in quiz.questions if sum(r.seen is not None for r in q.look.rays) > 1)
        told[lang] = (story.log[-1], hint_text(two, 2, lang))
    assert told["en"][0] == (
        "pawn A is flipped and now shows 6 (P10); pawn B is flipped and now shows 2 (P10)"
    )
    assert "; " in told["en"][1]
    for words in told["fr"]:
        assert " ; " in words and not re.search(r"\S; ", words), words
    for lang in ("de", "it", "cs"):
        for words in told[lang]:
            assert re.search(r"\S; \S", words), (lang, words)


@pytest.mark.parametrize("lang", ["en", *OTHER])
def test_the_terminal_games_monster_line_counts_one_step_in_the_singular(lang: str) -> None:
    """A prey tile can end after one step (M13): the terminal game's line said "monster:
    tile X, 1 steps, took A"."""
    from finstere_widget.cli.game import monster_line

    one, eight = monster_line("X", 1, ["A"], lang), monster_line("8", 8, [], lang)
    if lang == "en":
        assert one == "monster: tile X, 1 step, took A"
        assert eight == "monster: tile 8, 8 steps, took nobody"
    singular = {"fr": "1 pas", "de": "1 Schritt;", "it": "1 passo", "cs": "1 krok,"}
    plural = {"fr": "8 pas", "de": "8 Schritte", "it": "8 passi", "cs": "8 kroků"}
    if lang != "en":
        assert singular[lang] in one and plural[lang] in eight, (one, eight)
