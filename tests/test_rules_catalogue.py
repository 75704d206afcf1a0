"""The rule catalogue matches RULES.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from finstere_widget.engine.rules import RULES, title

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT.parent / "shared" / "RULES.md"


def test_catalogue_has_every_id_of_RULES_md() -> None:
    if not RULES_MD.exists():
        pytest.fail(f"{RULES_MD} is missing: the shared/ folder must sit beside the repository")
    ids = re.findall(r"^- \*\*([A-Z]\d+)\b", RULES_MD.read_text(encoding="utf-8"), re.M)
    assert ids and set(ids) == set(RULES)


def test_title_names_unknown_ids() -> None:
    assert title("M5").startswith("Choice")
    with pytest.raises(ValueError, match="'M99'"):
        title("M99")


def test_every_rule_id_is_named_by_a_test() -> None:
    """Each rule of RULES.md has at least one test naming its id (e.g. ``test_M5_...``)."""
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in (ROOT / "tests").rglob("test_*.py")
        if p.name != Path(__file__).name
    )
    missing = [rule for rule in RULES if not re.search(rf"(?<![A-Za-z0-9]){rule}(?!\d)", text)]
    assert missing == []
