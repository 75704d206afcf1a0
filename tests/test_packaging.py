"""Publishable like a well-kept package: one repository URL that the README and the docs
derive from, a README that renders on PyPI, licence metadata (PEP 639), one version, extras
that are what their names say, developer tools in dependency groups, a changelog; and (slow)
the built wheel and sdist pass ``twine check`` and install without extras."""

from __future__ import annotations

import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

import finstere_widget
from tests.distributions import MARIMO_CACHE, Dist, env_for, fresh_env

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    from pip._vendor import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PROJECT = PYPROJECT["project"]
README = (ROOT / "README.md").read_text(encoding="utf-8")
SOURCE = PROJECT["urls"]["Source"]
OWNER, REPO = re.fullmatch(r"https://github\.com/([\w.-]+)/([\w.-]+)", SOURCE).groups()  # type: ignore[union-attr]


def test_every_project_url_derives_from_the_one_repository_url() -> None:
    urls = PROJECT["urls"]
    assert urls["Homepage"] == SOURCE
    assert urls["Changelog"] == f"{SOURCE}/blob/main/CHANGELOG.md"
    assert urls["Issues"] == f"{SOURCE}/issues"
    assert urls["Documentation"] == f"https://{OWNER}.github.io/{REPO}/"


def _targets(markdown: str) -> list[str]:
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def test_readme_links_and_images_are_absolute_and_lead_into_this_repository() -> None:
    """PyPI renders the README away from the repository: no relative link or image."""
    targets = _targets(README)
    assert targets
    for target in targets:
        assert target.startswith(("https://", "#")), f"relative link in README: {target}"
        for prefix in (
            f"{SOURCE}/blob/main/",
            f"https://raw.githubusercontent.com/{OWNER}/{REPO}/main/",
        ):
            if target.startswith(prefix):
                assert (ROOT / target[len(prefix) :]).exists(), target


def test_binder_badge_works_without_editing() -> None:
    badge = re.search(r"\(https://mybinder\.org/v2/gh/([^)]+)\)", README)
    assert badge, "no Binder badge"
    assert badge.group(1) == f"{OWNER}/{REPO}/HEAD?urlpath=lab/tree/notebooks/01_tour.ipynb"
    assert (ROOT / "notebooks" / "01_tour.ipynb").exists()
    assert "OWNER" not in README


def test_licence_is_an_spdx_expression_with_its_file() -> None:
    assert PROJECT["license"] == "MIT"
    assert PROJECT["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert not any(c.startswith("License ::") for c in PROJECT["classifiers"])  # PEP 639
    requires = PYPROJECT["build-system"]["requires"]
    assert any(re.fullmatch(r"hatchling>=1\.(2[7-9]|[3-9]\d)(\.\d+)?", r) for r in requires)


def test_classifiers_say_jupyter_board_game_education_and_python_versions() -> None:
    classifiers = set(PROJECT["classifiers"])
    for expected in (
        "Framework :: Jupyter :: JupyterLab",
        "Topic :: Games/Entertainment :: Board Games",
        "Topic :: Education",
        "Intended Audience :: Education",
        "Typing :: Typed",
    ):
        assert expected in classifiers
    low = int(re.fullmatch(r">=3\.(\d+)", PROJECT["requires-python"]).group(1))  # type: ignore[union-attr]
    versions = sorted(
        int(c.rsplit(".", 1)[1])
        for c in classifiers
        if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)
    )
    assert versions[0] == low and versions == list(range(low, versions[-1] + 1))


def test_one_version_source() -> None:
    from importlib.metadata import version

    assert "version" not in PROJECT and "version" in PROJECT["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "finstere_widget/__init__.py"
    assert version("finstere_widget") == finstere_widget.__version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"## [{finstere_widget.__version__}] - " in changelog


def test_changelog_follows_keep_a_changelog() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n") and "keepachangelog.com" in text
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", text, re.M)
    assert releases and releases[0][0] == "Unreleased"
    assert all(date for name, date in releases[1:])
    for name, _ in releases:
        assert re.search(rf"^\[{re.escape(name)}\]: {re.escape(SOURCE)}/", text, re.M), name
    kinds = set(re.findall(r"^### (\w+)$", text, re.M))
    assert kinds <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


DEV_TOOLS = {
    "pytest",
    "hypothesis",
    "pytest-benchmark",
    "nbval",
    "ruff",
    "mypy",
    "types-tqdm",
    "playwright",
    "mkdocs",
    "mkdocs-material",
    "build",
    "twine",
}


def _name(requirement: str) -> str:
    return re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0].lower()


def test_extras_are_what_users_install_and_dev_tools_are_dependency_groups() -> None:
    extras = PROJECT["optional-dependencies"]
    assert {"widget", "sim", "canvas", "all"} <= set(extras)
    assert {_name(r) for r in extras["widget"]} == {"anywidget", "ipywidgets", "traitlets"}
    assert {_name(r) for r in extras["canvas"]} == {"ipycanvas"}
    (everything,) = extras["all"]
    assert set(everything.split("[")[1].rstrip("]").split(",")) == set(extras) - {"all"}
    for name, requirements in extras.items():
        assert not {_name(r) for r in requirements} & DEV_TOOLS, name
    assert PROJECT["dependencies"] == []
    groups = PYPROJECT["dependency-groups"]
    in_groups = {_name(r) for g in groups.values() for r in g if isinstance(r, str)}
    assert DEV_TOOLS <= in_groups
    assert {"include-group": "test"} in groups["dev"] and {"include-group": "docs"} in groups["dev"]
    ci = (ROOT / ".ci" / "lib.sh").read_text(encoding="utf-8")
    installed = re.search(r'^CI_EXTRAS="([\w,]+)"', ci, re.M)
    assert installed and set(installed.group(1).split(",")) == set(extras) - {"all"}
    assert 'CI_GROUP="dev"' in ci


def _pins() -> dict[str, str]:
    """.ci/constraints.txt: normalised name -> pinned version."""
    from packaging.utils import canonicalize_name

    text = (ROOT / ".ci" / "constraints.txt").read_text(encoding="utf-8")
    pins: dict[str, str] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"not a pin: {line!r}"
            pins[canonicalize_name(name)] = version
    return pins


def test_the_test_environment_is_pinned_within_what_pyproject_allows() -> None:
    """Every requirement of the extras and the dependency groups has a pin in
    .ci/constraints.txt that its specifier admits (a requirement added to pyproject.toml
    without renewing the pins, or a pin outside its range, fails here, not in pip), and
    .ci/lib.sh installs with those pins."""
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = _pins()
    assert len(pins) > 100
    requirements = [r for rs in PROJECT["optional-dependencies"].values() for r in rs]
    requirements += [r for g in PYPROJECT["dependency-groups"].values() for r in g]
    checked = 0
    for text in requirements:
        if not isinstance(text, str) or text.startswith("finstere_widget"):
            continue  # an included group, or "all"
        req = Requirement(text)
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} has no pin: run bash .ci/constraints"
        assert req.specifier.contains(pins[name], prereleases=True), (text, pins[name])
        checked += 1
    assert checked > 25
    ci = (ROOT / ".ci" / "lib.sh").read_text(encoding="utf-8")
    assert 'CI_CONSTRAINTS="$CI_REPO/.ci/constraints.txt"' in ci
    assert 'pins=(-c "$CI_CONSTRAINTS")' in ci and '"${pins[@]}"' in ci


def test_py_typed_ships_in_the_package() -> None:
    assert (ROOT / "finstere_widget" / "py.typed").exists()


@pytest.mark.slow
def test_built_wheel_and_sdist_pass_twine_and_install_without_extras(
    built_dist: Dist, tmp_path: Path
) -> None:
    wheel, sdist = built_dist.wheel, built_dist.sdist
    assert wheel.name == f"finstere_widget-{finstere_widget.__version__}-py3-none-any.whl"
    check = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert check.returncode == 0 and check.stdout.count("PASSED") == 2, check.stdout + check.stderr

    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        info = f"finstere_widget-{finstere_widget.__version__}.dist-info"
        metadata = zf.read(f"{info}/METADATA").decode()
        entry_points = zf.read(f"{info}/entry_points.txt").decode()
    assert "finstere_widget/py.typed" in names and f"{info}/licenses/LICENSE" in names
    assert "finstere_widget/examples/monster_basic_8.json" in names
    for lang in ("fr", "de", "it", "cs"):  # the compiled catalogs narration reads at run time
        assert f"finstere_widget/locale/{lang}/LC_MESSAGES/finstere_widget.mo" in names
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata
    assert f"Project-URL: Source, {SOURCE}" in metadata
    assert "Provides-Extra: widget" in metadata and "Requires-Dist: pytest" not in metadata
    assert "finstere-widget = finstere_widget.__main__:main" in entry_points

    # a fresh environment with the wheel and no extra: the engine and the command line work,
    # the widget gives the one-line hint
    bin_dir = fresh_env(wheel, tmp_path / "venv")
    out = subprocess.run(
        [str(bin_dir / "finstere-widget"), "--version"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env_for(bin_dir),
    )
    assert out.stdout == f"finstere-widget {finstere_widget.__version__}\n", out.stderr
    out = subprocess.run(
        [str(bin_dir / "python"), "-c", "import finstere_widget.widget"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env_for(bin_dir),
    )
    assert out.returncode == 1
    assert out.stderr.strip().splitlines()[-1].endswith('pip install "finstere_widget[widget]"')


@pytest.mark.slow
def test_the_wheel_holds_only_compiled_catalogs_and_no_cache(built_dist: Dist) -> None:
    """#29: the translation sources (.po, .pot) were a quarter of the wheel; the package
    reads only the .mo files. A working copy's marimo session cache (``__marimo__/``)
    reaches neither distribution."""
    with zipfile.ZipFile(built_dist.wheel) as zf:
        names = zf.namelist()
    assert [n for n in names if n.endswith(".mo")]
    assert not [n for n in names if n.endswith((".po", ".pot")) or "__marimo__" in n]
    with tarfile.open(built_dist.sdist) as tf:
        members = tf.getnames()
    assert not [n for n in members if "__marimo__" in n or "/.venv/" in n]
    assert [n for n in members if n.endswith("fr/LC_MESSAGES/finstere_widget.po")]


def test_marimo_session_cache_is_ignored_by_git() -> None:
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", MARIMO_CACHE], cwd=ROOT, check=False, timeout=60
    )
    if ignored.returncode == 128:  # not a git checkout (an unpacked sdist)
        assert "__marimo__/" in (ROOT / ".gitignore").read_text(encoding="utf-8")
    else:
        assert ignored.returncode == 0


def test_the_repository_address_is_written_nowhere_but_in_its_derived_forms() -> None:
    """#29: the public address is not decided; ``[project.urls]`` holds it. Any other file
    that names this project's repository, site or Binder does so in a form derived from it
    (the README, which PyPI shows away from the repository, and the changelog's links), so
    changing pyproject.toml and these derived copies is all a move takes; the docs site's
    links are derived by docs/hooks.py at build time. The notebooks are read too, and a
    mention without its scheme (``github.com/<owner>/…``, ``<owner>.github.io``,
    ``<owner>/<repo>``) is a stray copy whatever it names."""
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=False, timeout=60
    )
    files = listed.stdout.split()
    if listed.returncode != 0:  # an unpacked sdist: its files, the caches left out
        skip = {".venv", "site", ".cache", ".git", "dist", "build"}
        files = [
            str(p.relative_to(ROOT))
            for p in ROOT.rglob("*")
            if p.is_file() and not skip & set(p.relative_to(ROOT).parts)
        ]
    derived = (
        f"{SOURCE}/",
        f"{SOURCE})",
        f"https://raw.githubusercontent.com/{OWNER}/{REPO}/main/",
        f"https://mybinder.org/v2/gh/{OWNER}/{REPO}/HEAD",
        PROJECT["urls"]["Documentation"],
    )
    # the owner anywhere in a token, with a scheme or without (a bare host or path)
    mention = re.compile(
        rf"(?:[a-z][\w+.-]*://)?[\w.@/:-]*{re.escape(OWNER)}[^\s)\"'>`<\\,]*\)?", re.I
    )
    stray = []
    for rel in files:
        path = ROOT / rel
        if rel == "pyproject.toml" or path.suffix in (".mo", ".png", ".gif", ".pdf"):
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        stray += [
            f"{rel}: {m}"
            for m in mention.findall(text)
            if not (re.match(r"https?://", m) and m.startswith(derived))
        ]
    assert stray == []
