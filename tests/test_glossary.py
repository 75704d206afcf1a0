"""The glossary (docs/glossary.md) gives the game's words in the five languages, and they are
the words the package itself shows: a word changed in a catalog or in the glossary alone
fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from finstere_widget.engine.i18n import LANGUAGES, gettext
from finstere_widget.engine.rules import RULES

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"
COLUMNS = ("en", "fr", "de", "it", "cs", "meaning", "rules")
#: glossary entry -> the message id the package shows it with
SHOWN_AS = {
    "pawn": "pawn",
    "stone": "stone",
    "crystal": "crystal",
    "pivot stone": "pivot",
    "teleporter": "teleporter",
    "tile": "tile",
    "entrance": "the entrance",
    "exit": "the exit",
    "out of the game": "out of the game",
    "tie": "tie",
    "push": "push",
    "steps": "steps",
    "player": "player",
}


def entries() -> list[dict[str, str]]:
    rows = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == len(COLUMNS) and cells[0] not in ("English", "---"):
            rows.append(dict(zip(COLUMNS, cells, strict=True)))
    return rows


def test_the_glossary_has_a_word_in_every_language_for_every_term() -> None:
    rows = entries()
    assert len(rows) >= 15
    for row in rows:
        for lang in LANGUAGES:
            assert row[lang], (row["en"], lang)
        assert row["meaning"]


def test_every_rule_the_glossary_names_exists() -> None:
    for row in entries():
        for first, last in re.findall(r"([A-Z]\d+)(?:–([A-Z]\d+))?", row["rules"]):
            assert first in RULES, (row["en"], first)
            if last:
                assert last in RULES, (row["en"], last)


def _bare(word: str) -> str:
    return re.sub(r"^(l'|der |die |das |la |le |il |lo )", "", word.strip().lower())


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_the_glossary_says_what_the_package_shows(lang: str) -> None:
    rows = {row["en"]: row for row in entries()}
    assert set(SHOWN_AS) <= set(rows)
    for term, msgid in SHOWN_AS.items():
        shown = _bare(gettext(msgid, lang))
        said = _bare(rows[term][lang])
        assert shown in said or said in shown, (term, lang, shown, said)


def test_M1_P3_M7_S1_each_word_points_to_the_rule_that_says_it() -> None:
    """The tiles are M1 (M2 only says which may come first), the entrance P3 (P2 is the
    move), and a pawn is out of the game by M7 and S1 (an eaten pawn in stage 2)."""
    rows = {row["en"]: row for row in entries()}
    want = {"tile": "M1", "entrance": "P3", "out of the game": "M7", "crystal": "M4"}
    for term, rule in want.items():
        assert rule in re.findall(r"[A-Z]\d+", rows[term]["rules"]), (term, rule)
    assert "S1" in rows["out of the game"]["rules"]
    assert "S3" not in rows["out of the game"]["rules"]


def test_M4_the_crystal_is_seen_through_as_the_rulebooks_say() -> None:
    """The French rulebook: "le monstre voit au travers du cristal"; the Italian "vedervi
    attraverso"; the Czech "skrz něj vidí" — through, not over (M4)."""
    meaning = {row["en"]: row for row in entries()}["crystal"]["meaning"]
    assert "sees through" in meaning and "over" not in meaning
