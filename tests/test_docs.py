"""The project's own documents (docs/): pictures drawn by the current package, links that
lead somewhere, format examples the engine agrees with, and a repository that cites nothing
outside itself."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from finstere_widget.engine import Game, Position, event_to_dict, monster_turn
from finstere_widget.examples import load

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PAGES = sorted(DOCS.rglob("*.md"))


def _slug_site(heading: str) -> str:
    """The anchor MkDocs (Python-Markdown's toc) gives a heading."""
    text = re.sub(r"[^\w\s-]", "", heading).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _slug_github(heading: str) -> str:
    """The anchor GitHub gives a heading (each space one hyphen)."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#{1,6} (.+)$", page.read_text(encoding="utf-8"), re.M)
    site = {_slug_site(h) for h in headings}
    return site & {_slug_github(h) for h in headings}  # an anchor must work in both


def test_pictures_of_the_rules_are_drawn_by_the_current_package() -> None:
    spec = importlib.util.spec_from_file_location("make_images", DOCS / "images" / "make_images.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    images = module.images()
    assert len(images) >= 4
    rules = (DOCS / "rules.md").read_text(encoding="utf-8")
    for name, svg in images.items():
        assert f"](images/{name})" in rules, f"docs/rules.md does not show {name}"
        assert (DOCS / "images" / name).read_text(encoding="utf-8") == svg, (
            f"docs/images/{name} is stale: run .venv/bin/python docs/images/make_images.py"
        )


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_and_anchors_of_docs_lead_somewhere(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if path.startswith("notebooks/") and page.parent == DOCS:
            dest = ROOT / path  # the site's pages of the notebooks (docs/hooks.py)
        assert dest.exists(), f"{page.name}: link to missing {target}"
        assert dest.is_relative_to(ROOT), f"{page.name}: link outside the repository: {target}"
        if anchor:
            assert anchor in _anchors(dest), f"{page.name}: no heading for #{anchor} in {dest.name}"


def _json_blocks(page: str) -> list[str]:
    return re.findall(r"```json\n(.*?)```", (DOCS / page).read_text(encoding="utf-8"), re.S)


def test_format_md_position_example_loads_and_round_trips() -> None:
    example = json.loads(_json_blocks("format.md")[0])
    pos = Position.from_dict(example)
    assert pos.to_dict() == example


def test_format_md_trace_example_is_what_the_engine_writes() -> None:
    block = next(b for b in _json_blocks("format.md") if '"type": "look"' in b)
    events = [json.loads(line) for line in re.split(r"\n(?=\{)", block.strip())]
    actual = [event_to_dict(e) for e in monster_turn(load("monster_basic_8"), "8").events]
    assert events == actual[: len(events)]


def test_format_md_game_record_names_every_key_the_engine_writes() -> None:
    game = Game(2, seed=3)
    game.apply(game.legal_actions()[0])
    record = game.to_record()
    text = (DOCS / "format.md").read_text(encoding="utf-8").split("## Game record", 1)[1]
    for key in record:
        assert f"| `{key}" in text
    for key in record["setup"]:
        assert f"`setup.{key}`" in text
    example = json.loads(next(b for b in _json_blocks("format.md") if "finstere-game/1" in b))
    assert set(example) == set(record) and set(example["options"]) == set(record["options"])


def test_format_md_game_record_example_is_a_record_the_engine_replays() -> None:
    """The example is a real record: its actions are legal, its tiles are the seed's, and
    its final position is where the replay ends (a record the engine refuses is a bug)."""
    example = json.loads(next(b for b in _json_blocks("format.md") if "finstere-game/1" in b))
    game = Game.from_record(example)
    assert len(game.history) == len(example["actions"]) == 5
    assert game.position == Position.from_dict(example["final_position"])
    assert game.to_record()["actions"] == example["actions"]


OUTSIDE = re.compile(r"RULES\.md|FORMAT\.md|\.\./shared|/work/shared|BROWSER_TESTING")
TEXT_SUFFIXES = {
    ".py",
    ".md",
    ".toml",
    ".txt",
    ".json",
    ".ipynb",
    ".js",
    ".cfg",
    ".yml",
    ".yaml",
    "",
}


def test_the_repository_cites_nothing_outside_itself() -> None:
    """The repository stands alone: no path or document outside it is read or cited."""
    skip = {".git", ".venv", "site", "node_modules", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
    offenders = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT)
        if any(part in skip or part.endswith(".egg-info") for part in rel.parts):
            continue
        if not path.is_file() or path.suffix not in TEXT_SUFFIXES or path == Path(__file__):
            continue
        for n, line in enumerate(
            path.read_text(encoding="utf-8", errors="replace").splitlines(), 1
        ):
            if OUTSIDE.search(line):
                offenders.append(f"{rel}:{n}: {line.strip()[:100]}")
    assert offenders == []


def test_api_page_lists_every_public_name_of_each_package_it_documents() -> None:
    """docs/api.md expands each ``<!-- api: PACKAGE -->`` into every name of ``__all__``."""
    import importlib
    import sys

    sys.path.insert(0, str(DOCS))
    try:
        hooks = importlib.import_module("hooks")
    finally:
        sys.path.remove(str(DOCS))
    page = (DOCS / "api.md").read_text(encoding="utf-8")
    packages = re.findall(r"<!-- api: ([\w.]+) -->", page)
    assert {
        "finstere_widget.engine",
        "finstere_widget.render",
        "finstere_widget.widget",
        "finstere_widget.examples",
    } <= set(packages)
    for package in packages:
        documented = [n for _, _, names in hooks.api_groups(package) for n in names]
        assert sorted(documented) == sorted(importlib.import_module(package).__all__)
        assert f"::: {package}.{documented[0]}" in hooks.api_markdown(package)


def test_format_md_diagram_legend_names_every_character_of_a_full_position() -> None:
    """Every grid character the diagram writes for the format example (which has every kind
    of piece but pivot_left, added here) is explained in the text-diagram section."""
    example = json.loads(_json_blocks("format.md")[0])
    example["stones"].append({"at": [3, 3], "kind": "pivot_left"})
    grid = Position.from_dict(example).diagram().split("\npawn", 1)[0]
    chars = {c for line in grid.splitlines() for c in line[4:]} - {" "}
    section = (DOCS / "format.md").read_text(encoding="utf-8").split("### The text diagram")[1]
    section = section.split("\n## ", 1)[0]
    named = set("".join(re.findall(r"`([^`]{1,7})`", section)).replace(" ", ""))
    assert chars - set("ABCD") <= named, sorted(chars - set("ABCD") - named)


def test_cli_md_documents_every_subcommand() -> None:
    """docs/cli.md's usage block and its help sections cover every command of the program."""
    import argparse

    from finstere_widget.cli import build_parser

    parser = build_parser(prog="finstere-widget")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    usage = page.split("```text", 1)[1].split("```", 1)[0]
    for command in sub.choices:
        assert f"<!-- cli-help: {command} -->" in page, command
        assert re.search(rf"^finstere-widget {command}\b", usage, re.M), command


def test_format_md_names_every_format_id_and_the_keys_of_puzzles_and_studies() -> None:
    """Every ``finstere-NAME/N`` the package writes is in the ids table, and the puzzle and
    study sections name every key those documents have."""
    from finstere_widget.design import study, to_json
    from finstere_widget.teach.predict import puzzles, puzzles_to_json

    text = (DOCS / "format.md").read_text(encoding="utf-8")
    table = text.split("The ids today:", 1)[1].split("A monster trace, a pawn move", 1)[0]
    written = set()
    for path in (ROOT / "finstere_widget").rglob("*.py"):
        written |= set(re.findall(r"finstere-[a-z]+/\d+", path.read_text(encoding="utf-8")))
    assert written and all(f"| `{fid}` |" in table for fid in written), written
    puzzle = json.loads(puzzles_to_json(puzzles("M5", n=1, seed=1)))["puzzles"][0]
    section = text.split("## Puzzle set", 1)[1].split("\n## ", 1)[0]
    assert all(f"`{key}`" in section for key in puzzle), list(puzzle)
    result = json.loads(to_json(study(1, players=[2], bots=[["random"]], seed=1)))
    section = text.split("## Study results", 1)[1]
    keys = set(result) | set(result["variants"][0]) | set(result["seats"][0])
    keys |= set(result["rows"][0]) | {"games", "league"}

    def named(key: str) -> bool:  # escaped_lo: `escaped_mean` (each with its `_lo` ...)
        base, _, end = key.rpartition("_")
        if f"`{key}`" not in section and end in ("lo", "hi") and f"`_{end}`" in section:
            return f"`{base}_mean`" in section or f"`{base}_rate`" in section
        return f"`{key}`" in section

    assert sorted(k for k in keys - {"format"} if not named(k)) == []


def test_index_md_code_runs_as_the_getting_started_page_shows_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The docs' home page is where a newcomer starts: its Python blocks run in order."""
    blocks = re.findall(
        r"```python\n(.*?)```", (DOCS / "index.md").read_text(encoding="utf-8"), re.S
    )
    assert len(blocks) >= 2
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, "docs/index.md", "exec"), namespace)  # noqa: S102
    assert "step 4: sees D north at 3 and E south at 3" in capsys.readouterr().out
    assert namespace["turn"].position.pawn("C").at == "outside"  # type: ignore[attr-defined]


def test_index_md_binder_link_is_the_readme_badges() -> None:
    """The home page's Binder link opens what the README's badge opens (tests/test_packaging.py
    holds the badge to the repository URL)."""
    binder = r"https://mybinder\.org/v2/gh/[^)\s]+"
    home = re.findall(binder, (DOCS / "index.md").read_text(encoding="utf-8"))
    badge = re.findall(binder, (ROOT / "README.md").read_text(encoding="utf-8"))
    assert home and badge and set(home) == set(badge)


def test_format_md_tells_a_pawn_moves_events_as_the_engine_writes_them() -> None:
    """docs/format.md, "Pawn moves": the result's keys, a `move` (P2) per square walked with
    no piece named, a push before the pawn's move of its step, the pawn's slide after it,
    and the flip last, one step after the last token."""
    from finstere_widget.engine import apply_move

    text = (DOCS / "format.md").read_text(encoding="utf-8")
    assert '`{"pawn", "to", "path", "cost", "events", "position"}`' in text
    pool = Position.from_dict(
        {
            "format": "finstere-position/1",
            "layout": "basic",
            "monster": {"at": [5, 5], "facing": "E"},
            "pawns": [{"id": "A", "player": "blue", "light": 3, "dark": 4, "at": [10, 2]}],
        }
    )
    corner = Position.from_dict(
        {
            "format": "finstere-position/1",
            "monster": {"at": [0, 0], "facing": "E"},
            "stones": [{"at": [14, 10]}],
            "pawns": [{"id": "A", "player": "blue", "light": 3, "dark": 4, "at": [13, 10]}],
        }
    )
    cases = [
        (load("pawn_example_1"), "P4", ["N", "N", "N", "W"]),  # pushes a stone
        (load("pawn_example_3"), "P5", ["N", "W", "W", "W"]),  # a push and a stone's slide
        (pool, "A", ["W"]),  # onto the pool: the pawn slides across
        (corner, "A", ["E"]),  # a stone pushed onto the entrance leaves the game (P6)
    ]
    kinds: set[str] = set()
    for position, pawn, path in cases:
        result = apply_move(position, pawn, ",".join(path)).to_dict()
        assert list(result) == ["pawn", "to", "path", "cost", "events", "position"]
        events = result["events"]
        kinds |= {e["type"] for e in events}
        assert events[-1]["type"] == "flip" and events[-1]["step"] == len(path) + 1
        for k, event in enumerate(events):
            if event["type"] == "move":
                assert set(event) == {"type", "step", "from", "to", "rule"}
                assert event["rule"] == "P2"
            same_step = [e for e in events if e["step"] == event["step"] and e is not event]
            own_move = next((e for e in same_step if e["type"] == "move"), None)
            if own_move is None:
                continue
            if event["type"] in ("push", "remove"):
                assert k < events.index(own_move) and event["rule"] == "P6"
            if event["type"] == "slide" and event["piece"] == pawn:
                assert k > events.index(own_move)
    assert {"move", "push", "slide", "remove", "flip"} <= kinds


def test_index_md_command_line_block_runs_in_an_empty_directory(tmp_path: Path) -> None:
    """The home page's shell lines, run in order where there is no repository: the first
    writes the position file the others read; play ends quietly when its input does."""
    import os
    import shlex
    import subprocess
    import sys

    page = (DOCS / "index.md").read_text(encoding="utf-8")
    block = page.split("## On the command line", 1)[1].split("```bash\n", 1)[1]
    lines = [line.split("  #")[0].strip() for line in block.split("```", 1)[0].splitlines()]
    assert lines[0].startswith("finstere-widget examples ") and len(lines) >= 4
    python = shlex.quote(sys.executable)
    env = {**os.environ, "FINSTERE_WIDGET_LANG": "en"}
    outputs = []
    for line in lines:
        command = re.sub(r"^finstere-widget ", f"{python} -m finstere_widget ", line)
        command = re.sub(r"^python ", f"{python} ", command)
        run = subprocess.run(
            ["bash", "-c", command],
            cwd=tmp_path,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, (line, run.stderr)
        outputs.append(run.stdout)
    assert Position.from_json((tmp_path / "position.json").read_text()) == load("monster_basic_8")
    assert "step 4: sees D north at 3 and E south at 3" in outputs[1]
    assert all("to" in outcome for outcome in json.loads(outputs[2]))


def test_cli_md_tells_the_commands_a_player_types_in_play() -> None:
    """docs/cli.md's play section names every command of the game's own help text."""
    from finstere_widget.cli.game import PLAY_HELP

    section = (DOCS / "cli.md").read_text(encoding="utf-8").split("## `play`", 1)[1]
    words = re.findall(r"^  (\w+)", PLAY_HELP, re.M)
    commands = [w for w in words if w.islower()]
    assert {"moves", "board", "help", "quit"} <= set(commands)
    assert [c for c in commands if f"`{c}" not in section] == []


def test_cli_md_help_is_english_whatever_the_builders_locale(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/hooks.py pastes each command's --help into the (English) site: a French locale on
    the machine that builds it must not turn the page French."""
    spec = importlib.util.spec_from_file_location("docs_hooks", DOCS / "hooks.py")
    assert spec and spec.loader
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    monkeypatch.setenv("FINSTERE_WIDGET_LANG", "fr")
    text = hooks.cli_help("monster")
    assert "positional arguments:" in text and "--tile TILE" in text
    assert "arguments positionnels" not in text
