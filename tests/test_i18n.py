"""Five languages: every message in every catalog with the same placeholders, the shipped
.mo files compiled from the current .po files, and narrations in French, German, Italian
and Czech that carry the same events and rule ids as the English one."""

from __future__ import annotations

import importlib.util
import re
import string
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

from finstere_widget.engine import Position, monster_turn
from finstere_widget.engine.errors import LanguageError
from finstere_widget.engine.i18n import LANGUAGES, default_language, resolve, translations
from finstere_widget.engine.narrate import narrate

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "tests" / "examples"
OTHER = [code for code in LANGUAGES if code != "en"]
RULE = re.compile(r"\(([MPBTSA]\d+)\)$")


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("i18n_tool", module)
    spec.loader.exec_module(module)
    return module


TOOL = _tool()


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def keys(catalog: Catalog) -> dict[tuple[object, str | None], Message]:
    return {(m.id, m.context): m for m in catalog if m.id}


def rule_ids(lines: list[str]) -> list[str]:
    """The rule id each narrated line ends with."""
    found = [RULE.search(s) for s in lines]
    return [m.group(1) if m else "" for m in found]


def test_the_catalog_languages_are_the_five() -> None:
    assert set(LANGUAGES) == {"en", "fr", "de", "it", "cs"}
    assert tuple(TOOL.LANGS) == tuple(OTHER)


@pytest.mark.parametrize("lang", OTHER)
def test_every_message_is_translated_with_the_same_placeholders(lang: str) -> None:
    source = keys(TOOL.extract())
    assert len(source) > 40  # the narration's messages were found in the source
    catalog = TOOL.read_po(lang)
    found = keys(catalog)
    assert set(found) == set(source), "run: python tools/i18n.py update"
    nplurals = catalog.num_plurals
    for key, message in found.items():
        assert not message.fuzzy, key
        if isinstance(message.id, tuple):
            assert isinstance(message.string, tuple) and len(message.string) == nplurals
            wanted = placeholders(message.id[1])
            for form in message.string:
                assert form and placeholders(form) == wanted, (key, form)
        else:
            assert message.string, f"{lang}: untranslated {key}"
            assert isinstance(message.string, str) and isinstance(message.id, str), key
            assert placeholders(message.string) == placeholders(message.id), key


@pytest.mark.parametrize("lang", OTHER)
def test_the_shipped_mo_files_are_compiled_from_the_po_files(lang: str) -> None:
    """Compared by content: the bytes also carry the version of Babel that compiled them."""
    shipped = TOOL.mo_content(TOOL.mo_path(lang).read_bytes())
    assert len(shipped[0]) > 40 and shipped[1]["Language"] == lang
    assert shipped == TOOL.mo_content(TOOL.compiled(lang)), "run: python tools/i18n.py compile"


def test_a_stale_mo_file_is_told_from_its_po_file() -> None:
    """The comparison above can fail: a .mo compiled from the catalog with one translation
    changed, or another language's, reads as other content; one that differs only by the
    Babel that wrote it (``Generated-By``) reads the same."""
    import io

    from babel.messages.mofile import write_mo

    fr = TOOL.mo_content(TOOL.compiled("fr"))
    assert fr != TOOL.mo_content(TOOL.compiled("de"))
    catalog = TOOL.read_po("fr")
    message = next(m for m in catalog if m.id and isinstance(m.id, str))
    message.string = "autre chose"
    stale = io.BytesIO()
    write_mo(stale, catalog, use_fuzzy=False)
    assert TOOL.mo_content(stale.getvalue()) != fr
    other_babel = TOOL.compiled("fr").replace(b"Generated-By: Babel", b"Generated-By: Bapel")
    assert TOOL.mo_content(other_babel) == fr


def test_the_pot_template_is_current() -> None:
    from babel.messages.pofile import read_po

    with TOOL.POT.open("rb") as fp:
        template = read_po(fp)
    assert set(keys(template)) == set(keys(TOOL.extract())), "run: python tools/i18n.py extract"


def _basic_turn() -> list[object]:
    position = Position.from_json((EXAMPLES / "monster_basic_8.json").read_text())
    return list(monster_turn(position, "8").events)


@pytest.mark.parametrize("lang", OTHER)
def test_the_basic_rulebook_example_tells_the_same_events_and_rules(lang: str) -> None:
    events = _basic_turn()
    english = narrate(events, lang="en")  # type: ignore[arg-type]
    other = narrate(events, lang=lang)  # type: ignore[arg-type]
    assert len(other) == len(english) == 26
    # the same rule at the end of every line, the same squares and pawns in the same order
    assert [RULE.search(s).group(1) for s in other] == [RULE.search(s).group(1) for s in english]  # type: ignore[union-attr]
    for en, tr in zip(english, other, strict=True):
        assert re.findall(r"\(\d+, \d+\)", tr) == re.findall(r"\(\d+, \d+\)", en)
        assert re.findall(r"\b[A-H]\b", tr) == re.findall(r"\b[A-H]\b", en)
        assert tr != en


def test_game_terms_follow_each_rulebook() -> None:
    text = {lang: "\n".join(narrate(_basic_turn(), lang=lang)) for lang in OTHER}  # type: ignore[arg-type]
    assert "flaque d'hémoglobine" in text["fr"] and "dévore le pion C" in text["fr"]
    assert "Blutlache" in text["de"] and "frisst Figur C" in text["de"]
    assert "pozza di sangue" in text["it"] and "divora il personaggio C" in text["it"]
    assert "obluda sklouzne po krvi" in text["cs"] and "sežere figurku C" in text["cs"]
    # plural forms: Czech "po 8 krocích", German "nach 8 Schritten"
    assert "po 8 krocích" in text["cs"] and "nach 8 Schritten" in text["de"]


def test_english_is_the_message_ids_and_unchanged() -> None:
    lines = narrate(_basic_turn(), lang="en")  # type: ignore[arg-type]
    assert lines[0] == "step 1: sees A north at 6 — A is nearest, turns north (M5)"
    assert lines[-1] == "end: stops after 8 steps; taken: C, F, G (M3)"
    assert translations("en").gettext("sees no pawn") == "sees no pawn"


def test_language_codes_and_the_locale_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert resolve("fr_FR.UTF-8") == "fr" and resolve("de-AT") == "de" and resolve("CS") == "cs"
    for bad in ("xx", "", "klingon"):
        with pytest.raises(LanguageError, match="unknown language"):
            resolve(bad)
    for name in ("FINSTERE_WIDGET_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert default_language() == "en"
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert default_language() == "it"
    monkeypatch.setenv("LANGUAGE", "sv:cs_CZ")  # the first language we have
    assert default_language() == "cs"
    monkeypatch.setenv("FINSTERE_WIDGET_LANG", "de")
    assert default_language() == "de"
    assert narrate(_basic_turn())[0].startswith("Schritt 1:")  # type: ignore[arg-type]


def test_the_command_line_speaks_the_language_asked(capsys: pytest.CaptureFixture[str]) -> None:
    from finstere_widget.cli import main

    path = str(EXAMPLES / "monster_basic_8.json")
    assert main(["monster", path, "--tile", "8", "--lang", "fr"]) == 0
    french = capsys.readouterr().out.splitlines()
    assert main(["monster", path, "--tile", "8"]) == 0  # the tests' locale: English
    english = capsys.readouterr().out.splitlines()
    assert french[0] == "tuile 8" and english[0] == "tile 8"
    assert french[1].startswith("pas 1 : voit A à 6 cases au nord")
    assert rule_ids(french[1:]) == rule_ids(english[1:]) and "" not in rule_ids(english[1:])
    assert main(["monster", path, "--tile", "8", "--lang", "xx"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "unknown language 'xx'" in captured.err


def test_the_languages_page_samples_in_other_languages_are_what_the_engine_says() -> None:
    """docs/languages.md, "The monster's turn in other languages": each line is the engine's."""
    page = (ROOT / "docs" / "languages.md").read_text(encoding="utf-8")
    sample = page.split("rule ids stay the same:", 1)[1].split("```")[1].strip().splitlines()
    told = {lang: narrate(_basic_turn(), lang=lang) for lang in OTHER}  # type: ignore[arg-type]
    assert len(sample) == 3
    for line in sample:
        assert any(line in lines for lines in told.values()), line


def test_the_message_sources_are_every_module_that_speaks() -> None:
    """Every module of the package is a source of the catalogs (a module split or added is
    never left out), and no message hides where Babel cannot see it."""
    package = ROOT / "finstere_widget"
    modules = {str(p.relative_to(package)) for p in package.rglob("*.py")}
    assert set(TOOL.SOURCES) == modules
    found = {m.id for m in TOOL.extract() if m.id}
    for message in (
        "pawn {pawn} cannot move now",  # the board's move mode
        "ignored a click with a malformed square",  # the browser's messages
        "What happens",  # the board's browser controls
        "waiting outside the entrance",  # the tray
        "{who}: pawn {pawn} moves {path} to {square} (P2)",  # the game view's story
        "wins by seat: {wins}  draws: {draws}",  # the command line
    ):
        assert message in found, message
    # Babel does not look into f-strings: a message translated inside one is never extracted
    inside = re.compile(r"""\bf["'][^"']*\{[^{}]*(\b_|gettext)\(""")
    for rel in TOOL.SOURCES:
        for k, text in enumerate((package / rel).read_text(encoding="utf-8").splitlines(), 1):
            assert not inside.search(text), f"{rel}:{k}: a message inside an f-string"


def test_italian_joins_with_ed_before_an_e() -> None:
    from finstere_widget.engine.narrate import _and

    it, fr = translations("it"), translations("fr")
    assert _and(["D", "E"], it) == "D ed E" and _and(["C", "D"], it) == "C e D"
    assert _and(["A", "B", "E"], it) == "A, B ed E"
    assert _and(["D", "E"], fr) == "D et E" and _and(["D", "E"]) == "D and E"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    from finstere_widget.cli import main

    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_every_command_speaks_the_language_asked(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    path = str(EXAMPLES / "monster_basic_8.json")
    out = _run(capsys, "moves", path, "--pawn", "A", "--lang", "fr")
    assert out.splitlines()[0] == "pion A (bleu) montre 1 : 5 issues"
    assert "coût 0  chemin -" in out and "cost" not in out
    out = _run(capsys, "move", path, "--pawn", "A", "--path", "N", "--lang", "de")
    assert out.startswith("Figur A: Weg N, Kosten 1, Ziel: (9, 0)")
    out = _run(capsys, "simulate", "--games", "2", "--lang", "de", "--no-progress")
    assert out.startswith("2 Spiele, 2 Spieler, Bots random, Seed 0")
    assert "Siege nach Platz:" in out and "gefressen pro Spiel: Durchgang 1" in out
    assert "games" not in out and "wins" not in out
    # the games' end reasons too ("S3: keine Figur mehr in der Festung in Durchgang 2")
    assert "S3: keine Figur mehr" in out and "no pawn" not in out and "stage" not in out
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    out = _run(capsys, "play", "--watch", "--seed", "1", "--lang", "it")
    assert out.startswith("Finstere Flure: 2 giocatori blu, giallo; seme 1")
    assert "blu (greedy): blue5 (voltato)" in out and "vincitore: " in out
    assert "mostro: tessera " in out and "monster:" not in out and "winner" not in out
    out = _run(capsys, "study", "--games", "2", "--lang", "cs", "--no-progress")
    assert out.startswith("počet her na variantu 2, semínko 0")  # not "2 her": no plural
    assert "výhry podle místa:" in out and "wins" not in out
    out = _run(capsys, "puzzles", "-n", "1", "--answers", "--lang", "fr")
    assert out.startswith("énigme 1 : le plus proche (M5), niveau 1 — le monstre en ")
    assert "réponse : " in out and "answer" not in out
    # an unknown language: nothing played, one error line
    from finstere_widget.cli import main

    for argv in (["simulate", "--games", "1"], ["study", "--games", "1"], ["play", "--watch"]):
        assert main([*argv, "--lang", "xx"]) == 2
        captured = capsys.readouterr()
        assert captured.out == "" and "unknown language 'xx'" in captured.err


def test_the_animation_opens_on_the_scene_in_the_language_asked() -> None:
    from finstere_widget.render.animate import TurnPictures, turn_svg

    position = Position.from_json((EXAMPLES / "monster_basic_8.json").read_text())
    pics = TurnPictures.play(position, "8", lang="fr")
    first = pics.frames[0].caption
    assert first.startswith("tuile 8 : le monstre en (") and "▶" not in first
    svg = turn_svg(pics)
    assert f"<title>{first}</title>" in svg
    assert "en attente devant l&apos;entrée" in svg or "en attente devant l'entrée" in svg
    english = TurnPictures.play(position, "8", lang="en").frames[0].caption
    assert english.startswith("tile 8: the monster at (") and "press" not in english


def test_saving_a_turn_says_so_in_the_language_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from finstere_widget.cli import main

    path = str(EXAMPLES / "monster_basic_8.json")
    target = tmp_path / "tour.svg"
    assert main(["monster", path, "--tile", "8", "--save", str(target), "--lang", "de"]) == 0
    captured = capsys.readouterr()
    assert captured.err.strip() == f"gespeichert: {target}"
    assert captured.out.startswith("Plättchen 8\nSchritt 1:")
    # the saved animation opens on the German still caption (no "press ▶")
    assert "<title>Plättchen 8: das Monster auf (" in target.read_text(encoding="utf-8")
