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
