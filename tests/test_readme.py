"""The README's promises: its two commands, its pictures, its code, and the pages of docs/ that
hold the depth it leaves out (the figures it shows are theirs)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_starts_with_the_two_setup_commands_and_ci_runs_the_test_one() -> None:
    first_block = re.search(r"```bash\n(.*?)```", README, re.S)
    assert first_block and README.index("```bash") < README.index("finstere_widget**")
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands == ["bash .ci/lab", "bash .ci/test"]
    assert (
        "bash" in (ROOT / ".ci" / "run").read_text()
        and ".ci/test" in (ROOT / ".ci" / "run").read_text()
    )


def test_readme_pictures_are_drawn_by_the_current_package() -> None:
    """The README shows pictures of docs/images (tests/test_docs.py checks they are current)."""
    spec = importlib.util.spec_from_file_location(
        "make_images", ROOT / "docs" / "images" / "make_images.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    shown = [t for t in re.findall(r"!\[[^\]]*\]\(([^)]+)\)", README) if "mybinder" not in t]
    assert shown
    for target in shown:
        name = target.rsplit("docs/images/", 1)[-1]
        assert "docs/images/" in target and name in module.images(), target


def test_readme_narration_sample_is_what_the_engine_says() -> None:
    from finstere_widget.engine import Position, monster_turn
    from finstere_widget.engine.narrate import narrate

    pos = Position.from_json((ROOT / "tests" / "examples" / "monster_basic_8.json").read_text())
    lines = narrate(monster_turn(pos, "8").events)
    sample = README.split("Without `--json`, `monster` narrates:", 1)[1].split("```")[1]
    for line in sample.strip().splitlines():
        assert line in lines


def test_readme_api_tour_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """It runs anywhere (a PyPI reader has no tests/ folder): here in an empty directory."""
    code = README.split("## Ten lines of API", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102
    assert namespace["turn"].position.pawn("C").at == "outside"  # type: ignore[attr-defined]


def test_readme_games_tour_runs() -> None:
    code = (
        README.split("## Games, bots and simulation", 1)[1]
        .split("```python\n", 1)[1]
        .split("```", 1)[0]
    )
    namespace: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102
    assert set(namespace["res"].summary["wins_by_bot"]) <= {"greedy", "random"}  # type: ignore[attr-defined]


ARCHITECTURE_PAGE = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")


def _named_paths(text: str) -> set[str]:
    return set(
        re.findall(r"\b((?:engine|render|widget|cli|docs|tests)/[\w/.]+\.(?:py|js|md))", text)
    )


@pytest.mark.parametrize(
    "section",
    [
        README.split("## Architecture", 1)[1].split("\n## ", 1)[0],
        ARCHITECTURE_PAGE,
    ],
    ids=["README", "docs/architecture.md"],
)
def test_readme_architecture_names_modules_that_exist(section: str) -> None:
    """The README's Architecture section and docs/architecture.md (its detail) name the
    package's (or the repository's) files, and each step of the path position -> events ->
    scene -> painters is drawn."""
    paths = _named_paths(section)
    assert len(paths) >= 20
    for path in paths:
        where = ROOT if path.startswith(("docs/", "tests/")) else ROOT / "finstere_widget"
        assert (where / path).is_file(), path
    drawing = section.split("```text", 1)[1].split("```", 1)[0]
    steps = [line.split()[0] for line in drawing.splitlines() if line[:1].isalpha()]
    assert steps == ["position", "events", "scene", "painters"]


def test_readme_architecture_is_the_pages_in_short() -> None:
    """The README draws the same path as docs/architecture.md, names the one place to change
    for a new rule, a new event kind and a new piece, and links to the page for the rest."""
    section = README.split("## Architecture", 1)[1].split("\n## ", 1)[0]
    drawing = section.split("```text", 1)[1].split("```", 1)[0]
    assert drawing == ARCHITECTURE_PAGE.split("```text", 1)[1].split("```", 1)[0]
    places = {"A new rule": "engine/rules.py", "A new event kind": "engine/events.py"}
    places["A new piece"] = "engine/pieces.py"
    for change, module in places.items():
        line = section.split(f"**{change}**", 1)[1].split("\n- ", 1)[0].split("\n\n", 1)[0]
        assert module in line, change
        detail = ARCHITECTURE_PAGE.split(f"**{change}**", 1)[1].split("\n- ", 1)[0]
        assert module in detail and _named_paths(line) <= _named_paths(ARCHITECTURE_PAGE)
    assert "/blob/main/docs/architecture.md)" in section


def test_every_pip_install_of_an_extra_is_quoted() -> None:
    """``pip install finstere_widget[widget]`` fails in zsh (macOS's shell): "no matches
    found". Every such line the user may copy quotes the brackets."""
    sources = [README, *(p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md"))]
    sources += [p.read_text(encoding="utf-8") for p in (ROOT / "notebooks" / "src").glob("*.md")]
    sources += [p.read_text(encoding="utf-8") for p in (ROOT / "finstere_widget").rglob("*.py")]
    bare = [m for text in sources for m in re.findall(r"pip install finstere_widget\[\w+\]", text)]
    assert bare == []


def test_readme_classroom_code_runs_and_switches_the_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The teachers' section: the environment variable makes every later widget French, a
    position written by hand goes through a shared file onto the stepper's board."""
    pytest.importorskip("anywidget")
    code = README.split("## In a classroom", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("FINSTERE_WIDGET_LANG", "en")  # restored after the test
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102
    assert namespace["editor"].lang == "fr" and namespace["stepper"].lang == "fr"
    shared = (tmp_path / "lesson.json").read_text(encoding="utf-8")
    assert namespace["stepper"].board.position.to_json() == shared
    assert namespace["stepper"].board.position.pawn("A").at == (5, 0)


def test_readme_section_links_lead_to_its_headings() -> None:
    """``(#name)`` links point at a heading of the README (GitHub's anchors)."""
    text = re.sub(r"```.*?```", "", README, flags=re.S)
    headings = re.findall(r"^#{1,6} (.+)$", text, re.M)
    anchors = {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}
    targets = re.findall(r"\]\(#([^)\s]+)\)", text)
    assert targets
    assert [t for t in targets if t not in anchors] == []


def test_readme_diagram_excerpt_is_the_basic_examples_diagram() -> None:
    """The Formats section's text diagram is lines of the basic rulebook example's."""
    from finstere_widget.examples import load

    lines = load("monster_basic_8").diagram().splitlines()
    block = README.split("rows of the basic rulebook example's:", 1)[1]
    shown = block.split("```", 2)[1].strip("\n").splitlines()
    assert len(shown) >= 4
    assert [line for line in shown if line.strip() != "..." and line not in lines] == []


def test_readme_widgets_code_runs() -> None:
    """The Widgets section's block stands alone: copied into a notebook, it runs."""
    pytest.importorskip("anywidget")
    code = README.split("## Widgets", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), namespace)  # noqa: S102
    board = namespace["board"]
    assert board.position == namespace["pos"] and "frame=1/" in repr(board)


def test_readme_rule_options_table_is_the_engines() -> None:
    """Every rule option with its values (the default first) and its rule, as the engine has
    them (``OPTION_INFO``, ``RuleOptions()``)."""
    from finstere_widget.engine import OPTION_INFO, RuleOptions

    section = README.split("## Rule options", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| (.+?) \| (\S+) \|", section, re.M)
    defaults = RuleOptions().to_dict()
    assert {name for name, _, _ in rows} == set(OPTION_INFO)
    for name, values, rule in rows:
        allowed, option_rule, _ = OPTION_INFO[name]
        assert tuple(re.findall(r"`([^`]+)`", values)) == tuple(allowed), name
        assert allowed[0] == defaults[name] and option_rule in rule.split("/"), name


def _speed_figures(text: str) -> list[str]:
    """The numbers of a text with their unit or sign: ×0.42, 2.6 ms, 158, 4 of 9 ..."""
    return re.findall(r"×\d+(?:\.\d+)?|\d+(?:\.\d+)? (?:ms|KB|turns)|\b\d+(?:\.\d+)?\b", text)


def _outside_parentheses(text: str) -> str:
    """The text without what its parentheses hold (earlier sessions' figures, notes)."""
    while True:
        shorter = re.sub(r"\([^()]*\)", " ", text)
        if shorter == text:
            return " ".join(text.split())
        text = shorter


def test_readme_speed_table_shows_the_speed_pages_figures() -> None:
    """The README's Speed table is the compact form of docs/speed.md's figures, so the two
    cannot drift apart: each row's measured figure is one the page gives as today's (not in
    parentheses, where earlier sessions' figures are), and every other number of the row is
    the page's too. There is a row for each benchmark script's figures and for the
    browser's paint, step and trace size."""
    section = README.split("## Speed", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| (?!benchmark |---)(.+?) \| (.+?) \| (.+?) \|$", section, re.M)
    assert len(rows) >= 12
    page = (ROOT / "docs" / "speed.md").read_text(encoding="utf-8")
    figures = page.split("## The figures", 1)[1].split("\n## ", 1)[0]
    figures += page.split("## The bots", 1)[1].split("\n## ", 1)[0]  # bench_bots.py
    browser = page.split("## The widgets in the browser", 1)[1]
    for what, measured, target in rows:
        in_browser = "Chromium" in what or "click" in what or "synced" in what
        where = " ".join((browser if in_browser else figures).split())
        today = _speed_figures(measured)
        assert today, what
        assert today[0] in _outside_parentheses(where), (what, today[0])
        for figure in today + _speed_figures(target):
            assert figure in where, (what, figure)
    scripts = ("bench_monster.py", "bench_moves.py", "bench_widget.py", "bench_games.py")
    for script in (*scripts, "bench_startup.py"):
        assert script in figures
    assert "/blob/main/docs/speed.md)" in section


def test_readme_widgets_block_is_the_widgets_pages_quick_start() -> None:
    """docs/widgets.md starts from the README's widgets code (which the test above runs)."""
    readme = README.split("## Widgets", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    page = (ROOT / "docs" / "widgets.md").read_text(encoding="utf-8")
    assert (
        page.split("## Quick start", 1)[1].split("```python\n", 1)[1].split("```", 1)[0] == readme
    )
