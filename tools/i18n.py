"""Developer tool for the message catalogs (needs Babel; the package itself needs only the
standard library's ``gettext`` at run time).

    python tools/i18n.py extract   # source -> finstere_widget/locale/finstere_widget.pot
    python tools/i18n.py update    # .pot -> each <lang>.po (keeps the translations)
    python tools/i18n.py compile   # each .po -> .mo (shipped in the wheel)

The tests (tests/test_i18n.py) use the same functions to check that every message of the
source is in every catalog, with the same placeholders, and that the .mo files are current.
"""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent.parent / "finstere_widget"
HERE = PACKAGE / "locale"
DOMAIN = "finstere_widget"
#: the files whose gettext/pgettext/ngettext calls, ``N_`` marks and error classes' first
#: arguments (the error message templates) are the messages:
#: every module of the package (a module split or added is never left out)
SOURCES = tuple(
    sorted(
        str(path.relative_to(PACKAGE)).replace("\\", "/")
        for path in PACKAGE.rglob("*.py")
        if "locale" not in path.parts
    )
)
POT = HERE / f"{DOMAIN}.pot"
LANGS = ("fr", "de", "it", "cs")
_FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def po_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return HERE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def error_classes() -> list[str]:
    """The names of the package's error classes whose first argument is a message template
    (engine/errors.py): every subclass of ``Translatable`` defined in the package (its
    errors, the command line's UsageError, the engine's Message parts)."""
    import ast

    names = {"Translatable"}
    grown = True
    trees = [ast.parse((PACKAGE / rel).read_text(encoding="utf-8")) for rel in SOURCES]
    while grown:  # a class of a class of the family, in any module
        grown = False
        for tree in trees:
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and node.name not in names:
                    bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
                    if bases & names:
                        names.add(node.name)
                        grown = True
    return sorted(names - {"Translatable"})


def templates(rel: str, classes: set[str]) -> list[tuple[int, str]]:
    """(line, template) of every call of an error class in the module ``rel`` whose first
    argument is a literal: the error messages (a message built any other way is left out
    here, and tests/test_i18n_errors.py names it)."""
    import ast

    found = []
    for node in ast.walk(ast.parse((PACKAGE / rel).read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args:
            first = node.args[0]
            if (
                node.func.id in classes
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
            ):
                found.append((node.lineno, first.value))
    return sorted(found)


def extract() -> Any:
    """The messages of :data:`SOURCES` as a Babel catalog."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

    catalog = Catalog(project=DOMAIN, creation_date=_FIXED_DATE, charset="utf-8")
    classes = set(error_classes())
    for rel in SOURCES:
        path = PACKAGE / rel
        for lineno, message, _comments, context in extract_from_file(
            "python", str(path), keywords=DEFAULT_KEYWORDS
        ):
            catalog.add(message, None, [(f"finstere_widget/{rel}", lineno)], context=context)
        for lineno, template in templates(rel, classes):
            catalog.add(template, None, [(f"finstere_widget/{rel}", lineno)])
    # the rule options' descriptions (engine/options.py): the widgets' menus' tooltips
    from finstere_widget.engine.options import OPTION_INFO

    for _allowed, _rule, words in OPTION_INFO.values():
        catalog.add(words, None, [("finstere_widget/engine/options.py", 0)])
    # the rules' titles (engine/rules.py): the rules a lesson lists, a comparison names
    from finstere_widget.engine.rules import RULES

    for rule_title in RULES.values():
        catalog.add(rule_title, None, [("finstere_widget/engine/rules.py", 0)])
    return catalog


def read_po(lang: str) -> Any:
    from babel.messages.pofile import read_po as _read

    with po_path(lang).open("rb") as fp:
        return _read(fp, locale=lang)


def compiled(lang: str) -> bytes:
    """The .mo bytes the .po file compiles to."""
    from babel.messages.mofile import write_mo

    buf = io.BytesIO()
    write_mo(buf, read_po(lang), use_fuzzy=False)
    return buf.getvalue()


def mo_content(data: bytes) -> tuple[dict[tuple[str | None, Any], Any], dict[str, str]]:
    """What a .mo file says: its translations by (context, id), and its header fields less
    ``Generated-By``, which names the Babel version that wrote the file (so a newer Babel
    compiles the same catalog to other bytes)."""
    from babel.messages.mofile import read_mo

    catalog = read_mo(io.BytesIO(data))

    def plain(text: Any) -> Any:  # a plural message's forms come as a list
        return tuple(text) if isinstance(text, list | tuple) else text

    entries = {(m.context, plain(m.id)): plain(m.string) for m in catalog if m.id}
    headers = {k: v for k, v in catalog.mime_headers if k != "Generated-By"}
    return entries, headers


def _po_bytes(catalog: Any, **options: Any) -> bytes:
    """``catalog`` as .po bytes, made whole before any file is opened."""
    from babel.messages.pofile import write_po

    buf = io.BytesIO()
    write_po(buf, catalog, width=100, sort_output=True, include_lineno=False, **options)
    return buf.getvalue()


def main(argv: list[str]) -> int:
    # every file through the package's one writer: made whole first, then moved into place,
    # so a failure (a source that does not parse, a full disk) never wipes a catalog
    from finstere_widget.engine.files import write_file

    command = argv[0] if argv else ""
    if command == "extract":
        write_file(POT, _po_bytes(extract()))
    elif command == "update":
        template = extract()
        for lang in LANGS:
            catalog = read_po(lang)
            catalog.update(template, no_fuzzy_matching=True)
            write_file(po_path(lang), _po_bytes(catalog, ignore_obsolete=True))
    elif command == "compile":
        for lang in LANGS:
            write_file(mo_path(lang), compiled(lang))
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
