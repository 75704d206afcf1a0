"""Developer tool: the rules' section texts of docs/rules.md as package data.

    python tools/rules_text.py          # write finstere_widget/engine/rules_text.json
    python tools/rules_text.py --check  # exit 1 when the shipped file is stale

docs/rules.md is the one statement of the rules; the package ships its sections (every
``### ID: title``, the rulings ``### FAQ n: title`` included) as plain text so that the
edge-case gallery can show the rule a difference is told by
(:func:`finstere_widget.engine.rules.rule_text`). Links keep their words, emphasis and code
marks go, pictures and their captions and the **Tests** lists are left out.
``tests/test_rules_text.py`` holds the shipped file equal to what this tool makes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RULES_MD = ROOT / "docs" / "rules.md"
OUT = ROOT / "finstere_widget" / "engine" / "rules_text.json"
FORMAT = "finstere-rules-text/1"

_HEADING = re.compile(r"^### (?P<id>[A-Z]\d+|FAQ \d+): (?P<title>.+)$")
_LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")


def plain(text: str) -> str:
    """One line of Markdown as plain text: links as their words, no emphasis or code marks."""
    text = _LINK.sub(r"\1", text)
    text = text.replace("**", "").replace("`", "")
    return re.sub(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])", r"\1", text)


def _paragraphs(lines: list[str]) -> list[str]:
    """The section's lines as paragraphs and list items, without pictures, their captions
    and the Tests list."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in lines + [""]:
        if not line.strip():
            if current:
                blocks.append(current)
            current = []
            continue
        if line.startswith("- ") and current:
            blocks.append(current)
            current = []
        current.append(line.strip())
    out = []
    for block in blocks:
        first = block[0]
        if first.startswith("![") or first.startswith("- **Tests:**"):
            continue
        if first.startswith("*") and block[-1].endswith("*") and not first.startswith("**"):
            continue  # a picture's caption
        if first.startswith("|"):
            out.append("\n".join(plain(x) for x in block))
            continue
        out.append(plain(" ".join(block)))
    return out


_FAQ_REF = re.compile(r"(?<!ruling )\bFAQ (\d+)")
RULING = "This project's ruling on a question the rulebooks leave open."


def own_ruling(rule: str, paragraphs: list[str]) -> list[str]:
    """A ruling's text opens by saying whose it is, and a rule's paragraph that cites one
    without saying so calls it "project's ruling FAQ n": the gallery shows a section alone,
    away from the page's "Rulings" heading, and no reader may take a ruling for a rulebook's."""
    out = [
        p if "project's ruling" in p else _FAQ_REF.sub(r"project's ruling FAQ \1", p, count=1)
        for p in paragraphs
    ]
    return [RULING, *out] if rule.startswith("FAQ ") else out


def build(markdown: str) -> dict[str, Any]:
    """docs/rules.md's sections by rule id: ``{"format", "source", "rules": {id: {"title",
    "text"}}}``, in the page's order."""
    rules: dict[str, dict[str, str]] = {}
    rule: str | None = None
    lines: list[str] = []
    title = ""

    def close() -> None:
        if rule is not None:
            rules[rule] = {
                "title": title,
                "text": "\n\n".join(own_ruling(rule, _paragraphs(lines))),
            }

    for line in markdown.splitlines():
        m = _HEADING.match(line)
        if m is not None or line.startswith("## ") or line.startswith("# "):
            close()
            rule, lines = None, []
            if m is not None:
                rule, title = m["id"], plain(m["title"])
            continue
        if rule is not None:
            lines.append(line)
    close()
    return {"format": FORMAT, "source": "docs/rules.md", "rules": rules}


def content(markdown: str) -> str:
    return json.dumps(build(markdown), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    wanted = content(RULES_MD.read_text(encoding="utf-8"))
    if "--check" in argv:
        if OUT.read_text(encoding="utf-8") != wanted:
            print(f"{OUT.relative_to(ROOT)} is stale: run python tools/rules_text.py")
            return 1
        return 0
    OUT.write_text(wanted, encoding="utf-8")
    print(
        f"wrote {OUT.relative_to(ROOT)} ({len(build(RULES_MD.read_text('utf-8'))['rules'])} rules)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
