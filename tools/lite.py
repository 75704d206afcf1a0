"""Build the JupyterLite site (Python in the browser) into ``site/lite/``: ``bash .ci/docs``
runs it after MkDocs.

    .venv/bin/python tools/lite.py [--out site/lite] [--cache .cache/lite]

Everything the site needs at run time is served from the site itself, so it works with no
network once loaded:

* JupyterLite (``jupyterlite-core``) and its Pyodide kernel (``jupyterlite-pyodide-kernel``),
  with the JupyterLab extensions of this environment (the widget manager, anywidget);
* Pyodide's core files (the WebAssembly interpreter and its standard library) from the npm
  package ``pyodide`` of the version the kernel is made for, fetched with ``npm pack``;
* the Python packages the kernel loads at start (micropip, IPython, jedi and their
  dependencies): Pyodide's own lock file names them; the same releases are taken from PyPI
  (``pip download``, pure-Python wheels) and the lock file is rewritten to list only those,
  with the hashes of the files shipped (any other Pyodide package is absent from the site,
  so the lock must not promise it);
* this package's wheel and its pure-Python dependencies (anywidget, psygnal, ipywidgets,
  comm, jupyterlab_widgets), and the kernel's own wheels (piplite, pyodide-kernel, its
  ipykernel and widgetsnbextension stand-ins), added to that lock too and **loaded with
  Pyodide at the kernel's start** (``loadPyodideOptions.packages``): one parallel load
  instead of an install per package, and no install cell in the page (the same wheels are
  also in the site's piplite index, with the PyPI fallback switched off);
* every wheel of that lock carries the bytecode of its modules beside their sources
  (:func:`precompile`: compiled at build time by the site's own Python, Pyodide run by
  Node), so the kernel's start compiles nothing in the page (IPython's import took 3-4 s
  of it); the lock's hashes are those of the wheels so rewritten;
* the teacher's guide (00) and every student lesson, in the five languages: the English
  ones at the site's top (as in ``notebooks/``), the others in ``fr/``, ``de/``, ``it/``,
  ``cs/``, named with their language (``fr/01_tour.fr.ipynb``: :func:`site_path`), each
  folder with the data its lessons read (``data/``: the kernel's working folder is the
  notebook's); not the teacher's editions (the exercises' answers, docs/teaching.md).
  In the site's copies the install cell (which the notebooks keep for other front ends,
  where it does nothing) is a comment in the lesson's language, as nothing is left to
  install.
  They need nothing else: the studies (08, 10) draw their charts with the package's own
  (``finstere_widget.render.charts``), show rows where pandas is missing and play their
  games in the kernel's own process. (Pyodide's compiled packages -- numpy, pandas,
  matplotlib -- are not on PyPI or npm for this Pyodide's ABI, so the site cannot serve
  them.)
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the notebooks shipped in the site: the teacher's guide and every lesson (student editions)
NOTEBOOKS = ("00", "01", "02a", "02b", "02c", "03", "04", "05", "06", "07", "08", "09", "10")
#: in every language of the lessons (the package's, ``finstere_widget.engine.i18n``): English
#: in ``notebooks/``, the others in ``notebooks/LANG/``
LANGS = ("en", "fr", "de", "it", "cs")
#: what the kernel loads from Pyodide's lock at start (micropip; piplite then installs
#: ipykernel's stand-in, comm, pyodide-kernel, jedi and IPython) and what the widgets need
#: from it; their dependencies in the lock are added
LOCK_ROOTS = ("micropip", "packaging", "ipython", "jedi", "traitlets", "typing-extensions")
#: the widget extra's pure-Python dependencies not in Pyodide's lock, at this environment's
#: versions
PIPLITE_DISTS = ("anywidget", "psygnal", "ipywidgets", "comm", "jupyterlab_widgets")
#: Pyodide's core files (the rest of the npm package is documentation and type stubs)
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: the first code cell of every shipped notebook (notebooks/src/*.md): installs the package
#: from the site's piplite index in Lite, does nothing anywhere else
INSTALL_CELL = """\
# In JupyterLite (Python in your browser) this installs finstere_widget from the site
# itself; in Jupyter, Binder, Colab or VS Code it does nothing.
import sys

if sys.platform == "emscripten":
    import piplite

    await piplite.install(["finstere_widget", "anywidget", "ipywidgets"])"""
#: what the site's copies of the notebooks hold instead of :data:`INSTALL_CELL`
PREINSTALLED_NOTE = (
    "# finstere_widget, anywidget and ipywidgets are installed in this site's Python\n"
    "# (JupyterLite) already: nothing to install."
)
#: :data:`PREINSTALLED_NOTE` in each lesson's language
PREINSTALLED_NOTES = {
    "en": PREINSTALLED_NOTE,
    "fr": (
        "# finstere_widget, anywidget et ipywidgets sont déjà installés dans le Python de ce\n"
        "# site (JupyterLite) : rien à installer."
    ),
    "de": (
        "# finstere_widget, anywidget und ipywidgets sind im Python dieser Seite (JupyterLite)\n"
        "# schon installiert: nichts zu installieren."
    ),
    "it": (
        "# finstere_widget, anywidget e ipywidgets sono già installati nel Python di questo\n"
        "# sito (JupyterLite): non c'è nulla da installare."
    ),
    "cs": (
        "# finstere_widget, anywidget a ipywidgets už jsou v Pythonu této stránky (JupyterLite)\n"
        "# nainstalované: není co instalovat."
    ),
}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: the kernel's own wheels (its labextension's ``static/pypi``) added to Pyodide's lock
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension")
#: what Pyodide loads at the kernel's start (``loadPyodideOptions.packages``): the kernel
#: (which then installs nothing), and this package with its widgets (the first cell's
#: imports); the lock's dependencies come along
PRELOAD = (
    "micropip",
    "piplite",
    "ipykernel",
    "comm",
    "pyodide-kernel",
    "jedi",
    "ipython",
    "finstere-widget",
    "anywidget",
    "ipywidgets",
)
#: where a requirement's marker is evaluated: Pyodide's Python
PYODIDE_MARKERS = {
    "python_version": "3.14",
    "python_full_version": "3.14.0",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "os_name": "posix",
    "extra": "",
}
#: the kernel name of the Pyodide kernel (the notebooks' copies in the site use it)
LITE_KERNELSPEC = {"display_name": "Python (Pyodide)", "language": "python", "name": "python"}


class LiteBuildError(RuntimeError):
    """A step of the Lite build failed: the message says which and how to mend it."""


def _run(cmd: list[str], cwd: Path | None = None) -> None:
    print("+", " ".join(cmd), flush=True)
    env = dict(os.environ)
    env["PIP_CONSTRAINT"] = ""  # the pins are this script's, not the machine's
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise LiteBuildError(
            f"{' '.join(cmd[:4])} ... failed ({done.returncode}):\n{done.stdout[-2000:]}"
            f"\n{done.stderr[-3000:]}"
        )


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _norm(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return str(PYODIDE_VERSION)


def fetch_pyodide(version: str, cache: Path) -> Path:
    """The npm package ``pyodide@version``, unpacked under ``cache``; its folder."""
    unpacked = cache / f"pyodide-{version}"
    if (unpacked / "package" / "pyodide-lock.json").exists():
        return unpacked / "package"
    if shutil.which("npm") is None:
        raise LiteBuildError("npm is needed to fetch Pyodide's core files: apt-get install npm")
    cache.mkdir(parents=True, exist_ok=True)
    _run(["npm", "pack", f"pyodide@{version}", "--silent"], cwd=cache)
    tgz = cache / f"pyodide-{version}.tgz"
    if not tgz.exists():
        raise LiteBuildError(f"npm pack pyodide@{version} wrote no {tgz.name}")
    unpacked.mkdir(exist_ok=True)
    with tarfile.open(tgz) as tar:
        tar.extractall(unpacked, filter="data")
    return unpacked / "package"


def lock_closure(packages: dict[str, dict[str, object]], roots: tuple[str, ...]) -> list[str]:
    """``roots`` and every package of the lock they depend on, by normalized name."""
    seen: list[str] = []

    def walk(name: str) -> None:
        n = _norm(name)
        if n in seen:
            return
        if n not in packages:
            raise LiteBuildError(f"Pyodide's lock has no package {name!r}")
        seen.append(n)
        for dep in packages[n]["depends"]:  # type: ignore[attr-defined]
            walk(str(dep))

    for r in roots:
        walk(r)
    return sorted(seen)


def download(specs: list[str], dest: Path) -> None:
    """Pure-Python wheels of ``specs`` (``name==version``) from PyPI into ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    _run(
        [sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "-q"]
        + ["--no-deps", "--only-binary=:all:", "--python-version", "3.14"]
        + ["--platform", "any", "--implementation", "py", "-d", str(dest), *specs]
    )


def pyodide_dir(version: str, cache: Path, out: Path) -> list[str]:
    """Write ``out`` (the site's static/pyodide): the core files and a lock listing only
    the packages shipped beside them. Returns their names."""
    npm = fetch_pyodide(version, cache)
    lock = json.loads((npm / "pyodide-lock.json").read_text(encoding="utf-8"))
    packages = lock["packages"]
    names = lock_closure(packages, LOCK_ROOTS)
    wheels = cache / f"lock-wheels-{version}"
    download([f"{n}=={packages[n]['version']}" for n in names], wheels)
    out.mkdir(parents=True, exist_ok=True)
    for f in PYODIDE_CORE:
        shutil.copy2(npm / f, out / f)
    kept = {}
    for n in names:
        entry = dict(packages[n])
        whl = wheels / str(entry["file_name"])
        if not whl.exists():
            raise LiteBuildError(
                f"PyPI gave no {whl.name} for {n} {entry['version']} (Pyodide's lock names it)"
            )
        shutil.copy2(whl, out / whl.name)
        entry["sha256"] = _sha256(whl)
        entry["unvendored_tests"] = False  # PyPI's wheel keeps its tests inside
        kept[n] = entry
    lock["packages"] = kept
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return names


def piplite_wheels(cache: Path) -> list[Path]:
    """This package's wheel and the widget dependencies Pyodide's lock lacks."""
    dest = cache / "piplite"
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(dest), str(ROOT)])
    download([f"{d}=={importlib.metadata.version(d)}" for d in PIPLITE_DISTS], dest)
    return sorted(dest.glob("*.whl"))


def kernel_wheels() -> list[Path]:
    """The Pyodide kernel's own wheels, as its labextension ships them (the newest of each)."""
    folder = (
        Path(sys.prefix) / "share" / "jupyter" / "labextensions" / "@jupyterlite"
        / "pyodide-kernel-extension" / "static" / "pypi"
    )  # fmt: skip
    found = []
    for name in KERNEL_WHEELS:
        wheels = sorted(folder.glob(f"{name}-*-py3-none-any.whl"), key=lambda w: _version_key(w))
        if not wheels:
            raise LiteBuildError(
                f"no {name} wheel in {folder}: is jupyterlite-pyodide-kernel installed?"
            )
        found.append(wheels[-1])
    return found


def _version_key(wheel: Path) -> tuple[int, ...]:
    version = wheel.name.split("-")[1]
    return tuple(int(p) if p.isdigit() else 0 for p in version.split("."))


def wheel_entry(wheel: Path, known: set[str]) -> dict[str, object]:
    """A Pyodide lock entry for a pure-Python ``wheel``: its name and version, the modules
    it provides, and the packages of ``known`` (normalized names) it requires in Pyodide."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(wheel) as zf:
        info = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(zf.read(info).decode("utf-8"))
        tops = set()
        for n in zf.namelist():
            first = n.split("/", 1)[0]
            if first.endswith((".dist-info", ".data")):
                continue
            if "/" in n or n.endswith(".py"):
                tops.add(first[:-3] if first.endswith(".py") and "/" not in n else first)
    depends = []
    for text in meta.get_all("Requires-Dist") or []:
        req = Requirement(text)
        if req.marker is not None and not req.marker.evaluate(PYODIDE_MARKERS):
            continue
        if _norm(req.name) in known and _norm(req.name) not in depends:
            depends.append(_norm(req.name))
    return {
        "name": _norm(str(meta["Name"])),
        "version": str(meta["Version"]),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": _sha256(wheel),
        "package_type": "package",
        "imports": sorted(t for t in tops if t.isidentifier()),
        "depends": sorted(depends),
        "unvendored_tests": False,
    }


def add_to_lock(folder: Path, wheels: list[Path]) -> list[str]:
    """Copy ``wheels`` beside the lock in ``folder`` and list them in it (each with its
    dependencies among the lock's packages); every package :data:`PRELOAD` names must then
    be in the lock. Returns the names added."""
    path = folder / "pyodide-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    packages = lock["packages"]
    names = {_norm(w.name.split("-")[0]) for w in wheels}
    known = set(packages) | names
    added = []
    for wheel in wheels:
        entry = wheel_entry(wheel, known)
        shutil.copy2(wheel, folder / wheel.name)
        packages[str(entry["name"])] = entry
        added.append(str(entry["name"]))
    missing = [p for p in PRELOAD if _norm(p) not in packages]
    if missing:
        raise LiteBuildError(f"the kernel's start would load {missing}, which the lock lacks")
    lock_closure(packages, PRELOAD)  # every dependency is there too
    path.write_text(json.dumps(lock, indent=1), encoding="utf-8")
    return sorted(added)


#: run by Node with Pyodide's own interpreter (``node SCRIPT PYODIDE_DIR WHEEL_DIR NAMES``):
#: each wheel named (a JSON list) in WHEEL_DIR gets, beside each module, its bytecode
#: compiled by that Python (``__pycache__/*.cpython-3XY.pyc``, unchecked-hash: the import
#: never reads the source to check it), written back in place
_PRECOMPILE_JS = r"""
const [dir, wheels, names] = process.argv.slice(2);
const { loadPyodide } = await import(dir + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: dir + "/" });
py.mountNodeFS("/wheels", wheels);
py.globals.set("NAMES", names);
await py.runPythonAsync(PRECOMPILE_PY);
"""

#: the Python side of :data:`_PRECOMPILE_JS` (in Pyodide): the ``.pyc`` is the one the
#: import system looks for in the site's Python (its cache tag), compiled as from the file's
#: place there (tracebacks name it and show its lines)
_PRECOMPILE_PY = r"""
import importlib.util, json, pathlib, py_compile, sysconfig, zipfile
site = sysconfig.get_paths()["purelib"]
source, target = pathlib.Path("/tmp/module.py"), pathlib.Path("/tmp/module.pyc")
for name in json.loads(NAMES):
    path = "/wheels/" + name
    with zipfile.ZipFile(path) as zin:
        items = [(info, zin.read(info)) for info in zin.infolist()]
    compiled = []
    for info, data in items:
        if not info.filename.endswith(".py") or ".dist-info/" in info.filename:
            continue
        source.write_bytes(data)
        try:
            py_compile.compile(
                str(source), str(target), site + "/" + info.filename, doraise=True,
                invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
            )
        except py_compile.PyCompileError:
            continue  # a file the import never reads as a module (a template, Python 2)
        compiled.append((importlib.util.cache_from_source(info.filename), target.read_bytes()))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zout:
        for info, data in items:
            if info.filename.endswith(".dist-info/RECORD"):
                data += "".join(f"{p},,\n" for p, _ in compiled).encode()
            zout.writestr(info, data)
        for pyc, data in compiled:
            zout.writestr(zipfile.ZipInfo(pyc, (1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
"""


def precompile(folder: Path, names: list[str]) -> None:
    """Put the bytecode of every module of the wheels ``names`` in ``folder`` into them,
    compiled by the site's own Python (Pyodide, run by Node at build time): the kernel's
    start then imports IPython, the widgets and this package without compiling their
    sources in the page. (PyPI's wheels carry sources only; Pyodide's own builds of its
    packages carry bytecode for the same reason.) The wheels keep their sources."""
    if shutil.which("node") is None:
        raise LiteBuildError(
            "node is needed to precompile the site's wheels: apt-get install nodejs"
        )
    script = folder.parent / "precompile.mjs"
    script.write_text(
        _PRECOMPILE_JS.replace("PRECOMPILE_PY", json.dumps(_PRECOMPILE_PY)), encoding="utf-8"
    )
    try:
        _run(["node", str(script), str(folder.resolve()), str(folder.resolve()), json.dumps(names)])
    finally:
        script.unlink()


def rehash_lock(folder: Path) -> None:
    """Each package's ``sha256`` in the lock of ``folder``: its wheel's there now."""
    path = folder / "pyodide-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    for entry in lock["packages"].values():
        entry["sha256"] = _sha256(folder / entry["file_name"])
    path.write_text(json.dumps(lock, indent=1), encoding="utf-8")


def _code_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.lstrip().startswith("#")]


def is_install_cell(text: str) -> bool:
    """Whether ``text`` is a lesson's install cell: :data:`INSTALL_CELL`'s code, under a
    comment in the lesson's language."""
    code = _code_lines(text)
    return code == _code_lines(INSTALL_CELL) and len(code) < len(text.splitlines())


def lesson_folder(lang: str) -> Path:
    """Where the lessons of ``lang`` are: ``notebooks/``, ``notebooks/fr/``..."""
    return ROOT / "notebooks" if lang == "en" else ROOT / "notebooks" / lang


def lesson_files(lang: str) -> list[Path]:
    """The shipped notebooks of ``lang``, in :data:`NOTEBOOKS` order."""
    found = []
    for prefix in NOTEBOOKS:
        matches = sorted(lesson_folder(lang).glob(f"{prefix}_*.ipynb"))
        if len(matches) != 1:
            raise LiteBuildError(f"{len(matches)} notebooks {prefix}_* in {lesson_folder(lang)}")
        found.append(matches[0])
    return found


def site_path(lang: str, src: Path) -> str:
    """Where the site serves the lesson ``src`` of ``lang``: ``01_tour.ipynb`` for English,
    ``fr/01_tour.fr.ipynb`` for French. Every notebook of the site needs a file name of its
    own: JupyterLite hands a notebook the running session of any notebook of the same
    *name* (its sessions are found by name, not path), so ``fr/01_tour.ipynb`` opened after
    ``01_tour.ipynb`` would have found no kernel of its own."""
    return src.name if lang == "en" else f"{lang}/{src.stem}.{lang}{src.suffix}"


def lite_notebooks(dest: Path) -> list[Path]:
    """Copies of the shipped notebooks with the Pyodide kernel's name (returned): the
    English ones in ``dest``, each other language's in ``dest/LANG``, each folder with the
    data files its lessons read (``data/``)."""
    out = []
    for lang in LANGS:
        folder = dest if lang == "en" else dest / lang
        folder.mkdir(parents=True, exist_ok=True)
        for src in lesson_files(lang):
            nb = json.loads(src.read_text(encoding="utf-8"))
            nb.setdefault("metadata", {})["kernelspec"] = LITE_KERNELSPEC
            for cell in nb["cells"]:  # the kernel starts with the package: nothing to install
                if cell["cell_type"] == "code" and is_install_cell("".join(cell["source"])):
                    cell["source"] = PREINSTALLED_NOTES[lang]
            target = dest / site_path(lang, src)
            text = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
            target.write_text(text, encoding="utf-8")
            out.append(target)
        # the files the lessons read beside them (10's saved study: data/*.json); the
        # translations' data/ is a link to notebooks/data: the site gets a copy
        shutil.copytree(lesson_folder(lang) / "data", folder / "data", dirs_exist_ok=True)
    return out


def build(out: Path, cache: Path) -> Path:
    version = pyodide_version()
    stage = cache / "lite-dir"
    shutil.rmtree(stage, ignore_errors=True)
    (stage / "static").mkdir(parents=True)
    shipped = pyodide_dir(version, cache, stage / "static" / "pyodide")
    wheels = piplite_wheels(cache)
    pyodide_folder = stage / "static" / "pyodide"
    shipped += add_to_lock(pyodide_folder, [*wheels, *kernel_wheels()])
    precompile(pyodide_folder, sorted(w.name for w in pyodide_folder.glob("*.whl")))
    rehash_lock(pyodide_folder)
    notebooks = lite_notebooks(stage / "notebooks")
    (stage / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "Finstere Flure (JupyterLite)",
                    # window.jupyterapp, as JupyterLab's own option: the browser tests
                    # drive the notebook through it
                    "exposeAppInBrowser": True,
                    "litePluginSettings": {
                        KERNEL_PLUGIN: {
                            "disablePyPIFallback": True,
                            "loadPyodideOptions": {"packages": list(PRELOAD)},
                        }
                    },
                },
            },
            indent=1,
        ),
        encoding="utf-8",
    )
    shutil.rmtree(out, ignore_errors=True)
    cmd = [sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(stage)]
    cmd += ["--output-dir", str(out.resolve()), "--no-sourcemaps"]
    # the folder: its notebooks and data/ at the site's top, as beside the lessons, and a
    # folder per other language
    cmd += ["--contents", str(stage / "notebooks")]
    for w in wheels:
        cmd += ["--piplite-wheels", str(w)]
    _run(cmd, cwd=stage)
    for f in ("pyodide.mjs", "pyodide-lock.json"):
        if not (out / "static" / "pyodide" / f).exists():
            raise LiteBuildError(f"the Lite build has no static/pyodide/{f}")
    print(
        f"JupyterLite site in {out}: Pyodide {version} with {len(shipped)} of its packages, "
        f"{len(wheels)} piplite wheels, {len(notebooks)} notebooks"
    )
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "site" / "lite")
    ap.add_argument("--cache", type=Path, default=ROOT / ".cache" / "lite")
    args = ap.parse_args(argv)
    try:
        build(args.out, args.cache)
    except LiteBuildError as exc:
        print(f"lite build failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
