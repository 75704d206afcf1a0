"""FAQ 1-4 are this project's rulings (docs/rules.md "Rulings"): no source of ours holds a
designer's FAQ, so no text of the package may attribute them to one, and wherever the
package or a notebook states a ruling it says that it is the project's and what it rests on.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: "the designer's FAQ", "official FAQ", "publisher's ruling"... (but "No designer's FAQ
#: is among the sources" is what docs/rules.md rightly says)
ATTRIBUTION = re.compile(
    r"(?<!No )(?<!no )\b(?:designer|author|publisher|official|2F)(?:'s|s')? (?:FAQ|ruling)",
    re.IGNORECASE,
)
FAQ = re.compile(r"FAQ ?[1-4]")


def texts() -> dict[Path, str]:
    paths = [ROOT / "README.md", ROOT / "tests" / "examples" / "README.md"]
    for pattern in (
        "docs/**/*.md",
        "notebooks/src/*.md",
        "finstere_widget/**/*.py",
        "finstere_widget/**/*.json",
        "finstere_widget/**/*.po",
    ):
        paths.extend(ROOT.glob(pattern))
    return {p: p.read_text(encoding="utf-8") for p in paths if p.is_file()}


def test_FAQ_rulings_are_never_attributed_to_a_designer() -> None:
    found = {
        str(p.relative_to(ROOT)): m.group(0)
        for p, text in texts().items()
        for m in ATTRIBUTION.finditer(text)
    }
    assert found == {}
    assert ATTRIBUTION.search("The designer's FAQ (P7) answers")  # the check can fail
    assert not ATTRIBUTION.search("No designer's FAQ is among the sources")


def test_FAQ_rulings_in_the_package_say_they_are_the_projects() -> None:
    """Every FAQ 1-4 cited by the package's code or data says, near by, that it is this
    project's ruling."""
    missing = []
    for path, text in texts().items():
        if "finstere_widget" not in path.parts or path.suffix == ".po":
            continue
        for m in FAQ.finditer(text):
            near = text[max(0, m.start() - 200) : m.end() + 200].replace("\n", " ")
            if "project's ruling" not in near:
                missing.append(f"{path.relative_to(ROOT)}: {m.group(0)}")
    assert missing == []


def test_FAQ_sections_of_the_notebooks_say_what_each_ruling_rests_on() -> None:
    sections = 0
    for path in sorted((ROOT / "notebooks" / "src").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for part in re.split(r"\n(?=#{2,3} )", text)[1:]:
            if not re.match(r"#{2,3} FAQ [1-4]\b", part):
                continue
            sections += 1
            assert "project's ruling" in part, f"{path.name}: {part.splitlines()[0]}"
            assert "rests on" in part, f"{path.name}: {part.splitlines()[0]}"
    assert sections >= 3  # 02: FAQ 1; 06: FAQ 1 and FAQ 2
