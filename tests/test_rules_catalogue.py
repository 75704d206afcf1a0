"""The rules reference docs/rules.md and the engine's rule catalogue agree, and every rule
there points at live tests that name it."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from finstere_widget.engine.options import OPTION_INFO, RuleOptions
from finstere_widget.engine.rules import RULES, title

ROOT = Path(__file__).resolve().parents[1]
RULES_MD = ROOT / "docs" / "rules.md"
TEXT = RULES_MD.read_text(encoding="utf-8")
HEADING = re.compile(r"^### ([A-Z]\d+|FAQ \d): (.+)$", re.M)
#: the project's rulings, numbered in order (docs/rules.md, "Rulings (FAQ)")
FAQS = [f"FAQ {n}" for n in range(1, 9)]


def sections() -> dict[str, str]:
    """Rule id (``M5``, ``FAQ 1``) -> the text of its section in docs/rules.md."""
    marks = list(HEADING.finditer(TEXT))
    out: dict[str, str] = {}
    for k, m in enumerate(marks):
        end = marks[k + 1].start() if k + 1 < len(marks) else len(TEXT)
        chapter = TEXT.find("\n## ", m.end())
        if chapter != -1:
            end = min(end, chapter)
        out[m.group(1)] = TEXT[m.end() : end]
    return out


@cache
def functions_of(path: Path) -> dict[str, str]:
    """name -> name + docstring of every test function in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name: node.name + " " + (ast.get_docstring(node) or "")
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def test_docs_rules_md_has_every_rule_id_of_the_catalogue_and_no_other() -> None:
    ids = [i for i in sections() if not i.startswith("FAQ")]
    assert len(ids) == len(set(ids)), "a rule id has two sections"
    assert set(ids) == set(RULES)
    assert [i for i in sections() if i.startswith("FAQ")] == FAQS


def test_title_names_unknown_ids() -> None:
    assert title("M5").startswith("Choice")
    with pytest.raises(ValueError, match="'M99'"):
        title("M99")


@pytest.mark.parametrize("rule", [*RULES, *FAQS])
def test_each_rule_says_where_the_rulebooks_say_it_and_links_live_tests_naming_it(
    rule: str,
) -> None:
    body = sections()[rule]
    assert ("**Rulebooks:**" in body) or ("**Rests on:**" in body), f"{rule}: no sources"
    links = re.findall(r"\[`(test_\w+)`\]\(\.\./(tests/[\w/]+\.py)\)", body)
    assert links, f"{rule}: no test linked under **Tests:**"
    token = rule.replace(" ", "")  # FAQ 1 -> FAQ1
    for name, path in links:
        functions = functions_of(ROOT / path)
        assert name in functions, f"{rule}: {path} has no {name}"
        named = re.search(rf"(?<![A-Za-z0-9]){token}(?!\d)", functions[name].replace("FAQ ", "FAQ"))
        assert named, f"{rule}: {path}::{name} does not name {token}"


def test_every_rule_option_is_documented_with_its_values_default_first_and_its_rule() -> None:
    table = TEXT.split("## Rule options", 1)[1].split("\n## ", 1)[0]
    defaults = RuleOptions().to_dict()
    for name, (values, rule, _) in OPTION_INFO.items():
        row = next((r for r in table.splitlines() if r.startswith(f"| `{name}` |")), None)
        assert row, f"option {name} missing from the table of docs/rules.md"
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert re.findall(r"`([^`]+)`", cells[1]) == [defaults[name]] + [
            v for v in values if v != defaults[name]
        ]
        assert rule in cells[2]
        assert f"`{name}`" in sections()[rule], f"{rule}'s section does not name {name}"


def test_every_rule_id_is_named_by_a_test() -> None:
    """Each rule of docs/rules.md has at least one test naming its id (e.g. ``test_M5_...``)."""
    text = "\n".join(
        p.read_text(encoding="utf-8")
        for p in (ROOT / "tests").rglob("test_*.py")
        if p.name != Path(__file__).name
    )
    missing = [rule for rule in RULES if not re.search(rf"(?<![A-Za-z0-9]){rule}(?!\d)", text)]
    assert missing == []


def test_every_rule_id_the_package_cites_is_a_rule_of_docs_rules_md() -> None:
    """Events, errors, hints and labels cite rule ids in their text (``rule="M8"``, ``(P10)``,
    ``A2/A3``): each is one docs/rules.md defines, so a learner can always look it up."""
    cited: dict[str, str] = {}
    for path in sorted((ROOT / "finstere_widget").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
            and isinstance(node.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in docstrings:
                    continue
                for rule in re.findall(r"(?<![A-Za-z0-9_])([BPTMSA]\d{1,2})(?![\d])", node.value):
                    cited.setdefault(rule, f"{path.relative_to(ROOT)}:{node.lineno}")
    assert {"M5", "P10", "A3", "S4", "T2", "B5"} <= set(cited)  # the scan finds them
    unknown = {rule: where for rule, where in cited.items() if rule not in RULES}
    assert unknown == {}


def test_every_rules_title_is_said_in_every_language() -> None:
    """#31: a lesson lists the rules in its language: every title is in each catalog (not
    the English one), and an unknown id is still a RuleError whatever the language."""
    from finstere_widget.engine.errors import RuleError

    for lang in ("fr", "de", "it", "cs"):
        untranslated = [rule for rule in RULES if title(rule, lang) == RULES[rule]]
        assert untranslated == [], lang
    assert title("M5", "fr") == "Choix : le pion le plus proche ; à égalité, il garde sa direction"
    with pytest.raises(RuleError, match="Z9"):
        title("Z9", "de")
