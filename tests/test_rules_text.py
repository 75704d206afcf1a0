"""The rules' section texts shipped with the package (finstere_widget/engine/rules_text.json,
made by tools/rules_text.py from docs/rules.md): in sync with the page, one per rule id and
ruling, told by ``rule_text``."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from finstere_widget.engine.rules import RULES, rule_text

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("rules_text_tool", ROOT / "tools" / "rules_text.py")
assert _spec is not None and _spec.loader is not None
TOOL = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(TOOL)


def test_the_shipped_rule_texts_are_docs_rules_md_as_the_tool_makes_them() -> None:
    shipped = (ROOT / "finstere_widget" / "engine" / "rules_text.json").read_text(encoding="utf-8")
    made = TOOL.content((ROOT / "docs" / "rules.md").read_text(encoding="utf-8"))
    assert shipped == made, "run: python tools/rules_text.py"


def test_every_rule_id_and_ruling_has_its_text() -> None:
    """Every id of engine/rules.py and the rulings FAQ 1-8 have a text; M9's is its rule,
    its option and its sources, in plain words (no Markdown marks, no test list)."""
    for rule in RULES:
        assert rule_text(rule), rule
    for k in range(1, 9):
        assert rule_text(f"FAQ {k}"), k
    m9 = rule_text("M9")
    assert m9.startswith("Stepping onto a pool, the monster slides straight across")
    assert "Option: slide_over_pawn" in m9 and "FAQ 1" in m9
    assert "Tests:" not in m9 and "](" not in m9 and "`" not in m9 and "**" not in m9
    assert rule_text("Z9") == "" and rule_text(5) == ""  # type: ignore[arg-type]


def test_a_stale_file_is_caught() -> None:
    """The check compares what the tool makes now: a rule's words changed in the page change
    the shipped text."""
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    changed = text.replace("slides straight across", "slides right across", 1)
    assert TOOL.content(changed) != TOOL.content(text)
