"""The command line for a pip user with no checkout (#29) and its error lines (#25 item 10):
shipped examples by name, ``examples``, every ``--help`` ending with examples, ``--option``'s
help naming the options, ``--lang`` before the subcommand, one-line errors in the language
asked, a missing extra in one line."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import pytest

from finstere_widget import examples
from finstere_widget.cli import build_parser, main
from finstere_widget.cli.common import EXAMPLES
from finstere_widget.engine import OPTION_INFO, Position
from finstere_widget.engine.i18n import gettext


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_a_shipped_example_is_read_by_name_where_no_such_file_exists(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["monster", "monster_basic_8", "--tile", "8", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tile 8\nstep 1: sees A north at 6")
    # a file of that name wins over the example
    (tmp_path / "monster_basic_8").write_text(examples.load("monster_online_10").to_json())
    assert main(["monster", "monster_basic_8", "--tile", "8", "--json"]) == 0
    traced = json.loads(capsys.readouterr().out)
    assert traced["events"][0]["at"] == list(examples.load("monster_online_10").monster.at)


def test_no_file_and_no_example_is_one_line_pointing_at_the_examples(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["moves", "monster_basic_9", "--pawn", "A", "--lang", "en"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "'monster_basic_9'" in err and "finstere-widget examples" in err


def test_examples_lists_every_shipped_example_and_writes_one_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["examples", "--lang", "en"]) == 0
    listed = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert listed == list(examples.names())
    target = tmp_path / "lesson.json"
    assert main(["examples", "pawn_example_2", "--out", str(target)]) == 0
    assert Position.from_json(target.read_text()) == examples.load("pawn_example_2")
    assert main(["examples", "monster_basic_8"]) == 0
    assert Position.from_json(capsys.readouterr().out) == examples.load("monster_basic_8")
    assert main(["examples", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "monster_basic_8" in err


def test_every_subcommand_has_two_or_three_examples_ending_its_help() -> None:
    """The table of cli/common.py has an entry for every registered subcommand (and the
    program's own ``--help``, key ``""``), and each ``--help`` ends with them."""
    parser = build_parser(prog="finstere-widget", lang="en")
    commands = subcommands(parser)
    assert set(EXAMPLES) == {"", *commands}
    for name, command in {"": parser, **commands}.items():
        lines = EXAMPLES[name]
        assert 2 <= len(lines) <= 3, name
        text = command.format_help().rstrip("\n").splitlines()
        assert text[-len(lines) - 1] == "examples:", name
        assert [t.strip() for t in text[-len(lines) :]] == [
            line.format(prog="finstere-widget") for line in lines
        ]
        for line in lines:
            words = line.split()
            assert words[0] == "{prog}"
            if name:  # a subcommand's examples use it (or make its input, as in "examples")
                assert name in words[1:2] or name == "examples", line


def test_the_examples_heading_is_in_the_language_asked() -> None:
    text = subcommands(build_parser(prog="finstere-widget", lang="fr"))["monster"].format_help()
    assert "\nexemples :\n  finstere-widget monster monster_basic_8 --tile 8\n" in text


def test_option_help_names_every_rule_option_and_no_repository_file() -> None:
    parser = build_parser(prog="finstere-widget", lang="en")
    taking = 0
    for name, command in subcommands(parser).items():
        for action in command._actions:
            if "--option" in action.option_strings:
                taking += 1
                assert action.help is not None
                assert "docs/" not in action.help, name
                assert all(option in action.help for option in OPTION_INFO), name
    assert taking >= 5  # monster, move, moves, simulate, play, study


@pytest.mark.parametrize("where", ["before", "after"])
def test_lang_is_taken_before_or_after_the_subcommand(
    where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["monster", "monster_basic_8", "--tile", "8"]
    argv = ["--lang", "fr", *args] if where == "before" else [*args, "--lang", "fr"]
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith("tuile 8\n")


def test_lang_after_the_subcommand_wins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", "monster", "monster_basic_8", "--tile", "8", "--lang", "de"]) == 0
    assert capsys.readouterr().out.startswith("Plättchen 8\n")


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it", "cs"])
def test_an_argparse_error_is_one_translated_line(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """#25 item 10: no usage block, and no English ``error:`` in another language."""
    with pytest.raises(SystemExit) as exit:
        main(["--lang", lang, "monster", "monster_basic_8", "--stage", "7", "--tile", "8"])
    assert exit.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert ("error:" in err) == (lang == "en")
    assert gettext("usage: ", lang).strip() not in err


def _without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    for name in modules:
        monkeypatch.setitem(sys.modules, name, None)


def test_study_on_dask_without_the_extra_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _without(monkeypatch, "dask", "dask.distributed", "distributed")
    assert main(["study", "--dask", "local", "--games", "2", "--no-progress"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("error: --dask needs the 'study' extra")
    assert 'pip install "finstere_widget[study]"' in err


@pytest.mark.parametrize("suffix", ["gif", "pdf"])
def test_saving_a_gif_or_pdf_without_pillow_names_the_extra(
    suffix: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    _without(monkeypatch, "PIL", "PIL.Image", "PIL.ImageDraw", "PIL.ImageFont")
    from finstere_widget.render import raster

    raster.font.cache_clear()
    target = tmp_path / f"turn.{suffix}"
    argv = ["monster", "monster_basic_8", "--tile", "8", "--save", str(target), "--lang", "fr"]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and not target.exists()
    assert err.startswith("erreur : ")
    assert "« animate »" in err and "Pillow" in err
    assert 'pip install "finstere_widget[animate]"' in err


# --------------------------------------------------------------------------- help for a pip user


def _help_of(command: argparse.ArgumentParser, flag: str) -> str:
    action = next(a for a in command._actions if flag in a.option_strings)
    assert action.help is not None
    return " ".join(action.help.split())


def test_option_help_shows_each_options_values() -> None:
    """The audit of #29: ``--option``'s help named the options but not what they take; a
    pip user has no docs/rules.md beside it. Each option is shown with its values."""
    parser = build_parser(prog="finstere-widget", lang="en")
    for name, command in subcommands(parser).items():
        # edge-cases' --option takes a name only (it explores the option's values)
        if name == "edge-cases" or not any(
            "--option" in a.option_strings for a in command._actions
        ):
            continue
        said = _help_of(command, "--option")
        for option, (values, _rule, _text) in OPTION_INFO.items():
            assert f"{option}={'|'.join(values)}" in said, (name, option, said)


def test_json_help_points_at_the_format_page_not_a_file_the_wheel_lacks() -> None:
    """``--json`` said "(docs/format.md)", a file a pip user does not have: it points at the
    documentation's format page, its address derived from [project.urls] (the package's
    metadata), or names the page where the package was never installed."""
    from finstere_widget.cli.common import documentation_url

    base = documentation_url()
    parser = build_parser(prog="finstere-widget", lang="en")
    commands = subcommands(parser)
    for name in ("monster", "move", "moves", "edge-cases"):
        said = _help_of(commands[name], "--json")
        assert "docs/" not in said and ".md" not in said, (name, said)
        if base:
            assert f"{base}format.html" in said, (name, said)
            # whole on one line of --help (argparse broke it at its hyphen)
            assert f"{base}format.html" in commands[name].format_help(), name
        else:
            assert "Format specification" in said, (name, said)


def test_json_help_names_the_page_where_no_metadata_tells_the_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from finstere_widget.cli import common

    monkeypatch.setattr(common, "documentation_url", lambda: "")
    said = _help_of(subcommands(build_parser(prog="finstere-widget", lang="en"))["moves"], "--json")
    assert "Format specification" in said and "docs/" not in said, said


def test_the_documentation_url_is_the_metadatas_from_project_urls(tmp_path: Path) -> None:
    """Read from an installed package's METADATA (pyproject.toml's [project.urls]), never
    written in the code; none found, none made up."""
    from finstere_widget.cli import common

    pyproject = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    section = pyproject.split("[project.urls]", 1)[1].split("\n[", 1)[0]
    urls = dict(re.findall(r'^(\w+) = "([^"]+)"', section, re.M))
    info = tmp_path / "finstere_widget-9.9.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: finstere_widget\n"
        f"Project-URL: Source, {urls['Source']}\n"
        f"Project-URL: Documentation, {urls['Documentation']}\n\nbody\n"
    )
    assert common.documentation_url_in([str(tmp_path)]) == urls["Documentation"]
    assert common.documentation_url_in([str(tmp_path / "nowhere")]) == ""


def test_play_bots_help_lists_every_bot_as_simulate_does() -> None:
    from finstere_widget.design.bots import BOTS

    commands = subcommands(build_parser(prog="finstere-widget", lang="en"))
    for name in ("play", "simulate"):
        said = _help_of(commands[name], "--bots")
        assert all(bot in said for bot in BOTS), (name, said)


def test_examples_describes_every_shipped_example(capsys: pytest.CaptureFixture[str]) -> None:
    """The four lesson positions were listed with no words."""
    for lang in ("en", "fr"):
        assert main(["examples", "--lang", lang]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert len(lines) == len(examples.names())
        bare = [line for line in lines if len(line.split()) < 3]
        assert bare == [], (lang, bare)
