"""The example positions shipped in ``finstere_widget/examples`` (for the notebooks) are
the same files as ``tests/examples`` (for the tests), and load through the small loader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from finstere_widget import examples
from finstere_widget.engine import Position

TESTS_EXAMPLES = Path(__file__).resolve().parent / "examples"


def test_names_match_the_test_copies() -> None:
    assert examples.names() == tuple(sorted(p.stem for p in TESTS_EXAMPLES.glob("*.json")))


@pytest.mark.parametrize("name", sorted(p.stem for p in TESTS_EXAMPLES.glob("*.json")))
def test_same_positions_as_tests_examples(name: str) -> None:
    want = json.loads((TESTS_EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    assert examples.data(name) == want
    assert isinstance(examples.load(name), Position)


@pytest.mark.parametrize("path", sorted((TESTS_EXAMPLES / "expectations").glob("*.json")))
def test_same_expectations(path: Path) -> None:
    assert examples.expectations(path.stem) == json.loads(path.read_text(encoding="utf-8"))


def test_unknown_names_are_named_in_the_error() -> None:
    with pytest.raises(KeyError, match="monster_basic_8"):
        examples.load("nope")
    with pytest.raises(KeyError, match="nope"):
        examples.expectations("nope")


def test_every_monster_example_has_its_tile() -> None:
    assert set(examples.TILES) == {n for n in examples.names() if n.startswith("monster_")}


def test_trace_readers_on_the_basic_example() -> None:
    from finstere_widget.engine import monster_turn

    turn = monster_turn(examples.load("monster_basic_8"), "8")
    seen = examples.sightings(turn.events)
    assert seen[3] == {"N": ("A", 4), "E": ("C", 3)}
    assert seen[4] == {"N": ("D", 3), "S": ("E", 3)}
    assert examples.decisions(turn.events)[4] == "tie"
    assert examples.headings(turn.events)[9] == "S"  # the final look (M6) is step 9
    table = examples.step_table(turn.events).splitlines()
    assert table[0].split() == ["step", "at", "facing", "sees", "decision", "then"]
    assert table[4].split()[:5] == ["4", "(12,5)", "E", "N:D@3", "S:E@3"]
    assert table[-1].endswith("8 steps, taken: C, F, G")


def test_the_step_table_speaks_the_lessons_language() -> None:
    """#31: a French lesson's step table has French headers and words (the squares, the
    headings and the pawns' letters as in every language); without a language, the one in
    use (a lesson's ``use_language``)."""
    from finstere_widget.engine import monster_turn
    from finstere_widget.engine.i18n import use_language

    turn = monster_turn(examples.load("monster_basic_8"), "8")
    table = examples.step_table(turn.events, "fr").splitlines()
    assert table[0].split() == ["pas", "case", "regard", "voit", "décision", "puis"]
    assert table[4].split()[:6] == ["4", "(12,5)", "E", "N:D@3", "S:E@3", "égalité"]
    assert "glisse monstre (10,5)→(12,5)" in table[3]
    assert table[-1].split() == ["fin", "8", "pas,", "pris", ":", "C,", "F,", "G"]
    try:
        use_language("cs")
        assert (
            examples.step_table(turn.events).splitlines()[-1].endswith("8 kroků, sežráni: C, F, G")
        )
    finally:
        use_language(None)
