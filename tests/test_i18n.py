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
    assert TOOL.mo_path(lang).read_bytes() == TOOL.compiled(lang), (
        "run: python tools/i18n.py compile"
    )


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
    assert french[1].startswith("pas 1 : voit A au nord à 6")
    assert rule_ids(french[1:]) == rule_ids(english[1:])
    assert main(["monster", path, "--tile", "8", "--lang", "xx"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "unknown language 'xx'" in captured.err


def test_the_readme_samples_in_other_languages_are_what_the_engine_says() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sample = readme.split("rule ids stay the same:", 1)[1].split("```")[1].strip().splitlines()
    told = {lang: narrate(_basic_turn(), lang=lang) for lang in OTHER}  # type: ignore[arg-type]
    assert len(sample) == 3
    for line in sample:
        assert any(line in lines for lines in told.values()), line
